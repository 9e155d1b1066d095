import { Link } from 'wouter';
import { usePageForm } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { videoLimits } from '~/shared/schemas/videos';
import { useVideoListing } from '~/client/features/videos/hooks/use-video-listing';
import { VideoCard } from './video-card';

/** The grid of published videos (spec 2 '/videos'), a page at a time, with its states. */
export function VideoLibrary({ page }: { page: number }) {
  const { listing, comments, error, retry } = useVideoListing(page);
  if (error) {
    return (
      <div role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p className="font-semibold text-red-900">Could not load the videos.</p>
        <p className="mt-1 text-stone-700">{error.message}</p>
        <Button variant="secondary" className="mt-4" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!listing) {
    return (
      <p role="status" className="px-4 py-16 text-center text-stone-700">
        Loading videos…
      </p>
    );
  }
  if (listing.videos.length === 0) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h2 className="font-display text-3xl font-semibold text-navy-950">No Videos Available</h2>
        <p className="mt-3 text-lg text-stone-700">
          New teachings are on their way. Please check back soon.
        </p>
        {page > 1 ? (
          <Link href="/videos" className="mt-4 inline-block font-semibold text-navy-900 underline">
            Back to the newest videos
          </Link>
        ) : null}
      </section>
    );
  }
  const pages = Math.max(1, Math.ceil(listing.total / videoLimits.publicPageSize));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <LostComment videoIds={listing.videos.map((video) => video.id)} />
      <div className="grid items-start gap-8 md:grid-cols-2 xl:grid-cols-3">
        {listing.videos.map((video) => (
          <VideoCard key={video.id} video={video} comments={comments?.[video.id]} />
        ))}
      </div>
      {pages > 1 ? <Pages page={page} pages={pages} /> : null}
    </div>
  );
}

/**
 * A comment posted without JavaScript to a video no longer on the page (unpublished meanwhile):
 * its form is not here to show the message, so the page does.
 */
function LostComment({ videoIds }: { videoIds: string[] }) {
  const { returned } = usePageForm('comment');
  if (!returned || videoIds.includes(returned.values.videoId ?? '')) return null;
  return (
    <p role="alert" className="mb-8 rounded-lg bg-red-50 p-3 text-red-800">
      {returned.errors._ ?? returned.errors.videoId}
    </p>
  );
}

function Pages({ page, pages }: { page: number; pages: number }) {
  const href = (n: number) => (n === 1 ? '/videos' : `/videos?page=${n}`);
  const linkClass =
    'inline-flex min-h-11 items-center rounded-full border-2 border-navy-900 px-5 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white';
  return (
    <nav aria-label="Video pages" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className={linkClass}>
          Newer videos
        </Link>
      ) : null}
      <p className="text-stone-700" aria-current="page">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link href={href(page + 1)} className={linkClass}>
          Older videos
        </Link>
      ) : null}
    </nav>
  );
}
