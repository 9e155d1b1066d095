import type { PublicCommentListing, PublicVideo } from '~/shared/schemas/videos';
import { describeDuration, formatDuration, formatFileSize } from '~/shared/video-format';
import { formatPublished } from '~/client/features/videos/lib/format-published';
import { VideoComments } from './video-comments';
import { VideoPlayer } from './video-player';

/**
 * One video of the grid (spec 2 '/videos'): the player, its details, the Comments toggle (with
 * the first comments when the page was rendered with them).
 */
export function VideoCard({
  video,
  comments,
}: {
  video: PublicVideo;
  comments?: PublicCommentListing;
}) {
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow-md"
      aria-labelledby={`video-${video.id}-title`}
    >
      <div className="relative aspect-video bg-navy-950">
        <VideoPlayer video={video} />
        {video.duration !== null ? (
          <span
            className="pointer-events-none absolute top-2 right-2 rounded bg-navy-950/85 px-2 py-0.5 text-sm font-semibold text-white tabular-nums"
            aria-hidden="true"
            data-testid="duration-badge"
          >
            {formatDuration(video.duration)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2
          id={`video-${video.id}-title`}
          className="font-display text-2xl font-semibold text-navy-950"
        >
          {video.title}
        </h2>
        <p className="text-sm text-stone-700">
          <time dateTime={video.publishedAt}>{formatPublished(video.publishedAt)}</time>
          {video.duration !== null ? (
            <span className="sr-only">, {describeDuration(video.duration)}</span>
          ) : null}
          {video.fileSize !== null ? <> · {formatFileSize(video.fileSize)}</> : null}
        </p>
        {video.caption ? <p className="font-semibold text-gold-700">{video.caption}</p> : null}
        {video.description ? (
          <p className="break-words whitespace-pre-line text-stone-800">{video.description}</p>
        ) : null}
        <div className="mt-auto">
          <VideoComments videoId={video.id} videoTitle={video.title} initial={comments} />
        </div>
      </div>
    </article>
  );
}
