import { useState } from 'react';
import type { AdminVideo } from '~/shared/schemas/videos';
import { formatFileSize } from '~/shared/video-format';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import {
  useAdminVideosQuery,
  useDeleteVideo,
  useSetVideoPublished,
  VIDEOS_PAGE_SIZE,
} from '~/client/features/videos/api/admin-videos';
import { useDeleteConfirmation } from '~/client/components/ui/delete-confirmation';
import { StatusBadge } from '~/client/components/ui/status-parts';
import { PagedTable } from '~/client/components/ui/paged-table';
import { ActionButton, cellClass, DateTimeCell } from '~/client/components/ui/panel-parts';
import { VideoForm } from './video-form';

export const DELETE_VIDEO_QUESTION = 'Are you sure you want to delete this video?';

/** The Manage tab: every video, newest first: publish or unpublish, edit, delete. */
export default function VideosManagePanel() {
  const [offset, setOffset] = useState(0);
  const query = useAdminVideosQuery(offset);
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const deletion = useDeleteConfirmation<AdminVideo>({
    remove: useDeleteVideo(),
    title: 'Delete video',
    question: DELETE_VIDEO_QUESTION,
    detail: (video) =>
      `“${video.title}”, its comments and its stored files will be deleted for good.`,
    deleted: (video) => ({ title: 'Video Deleted', description: `“${video.title}” was deleted.` }),
    failure: 'Failed to delete video',
  });

  if (editing && query.data) {
    return (
      <section className="flex flex-col gap-4" aria-label={`Edit ${editing.title}`}>
        <p className="text-stone-700">
          Editing <strong className="text-navy-950">{editing.title}</strong>
        </p>
        <VideoForm
          video={editing}
          maxUploadMb={query.data.maxUploadMb}
          onDone={() => setEditing(null)}
        />
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-4" aria-label="Manage videos">
      <PagedTable
        query={query}
        items={query.data?.videos}
        total={query.data?.total ?? 0}
        offset={offset}
        pageSize={VIDEOS_PAGE_SIZE}
        onOffset={setOffset}
        noun="videos"
        empty="No videos uploaded yet."
        caption="Videos"
        headers={['Title', 'Status', 'Source', 'Comments', 'Added', 'Actions']}
        row={(video) => (
          <VideoRow key={video.id} video={video} onEdit={setEditing} onDelete={deletion.ask} />
        )}
      />
      {deletion.dialog}
    </section>
  );
}

function VideoRow({
  video,
  onEdit,
  onDelete,
}: {
  video: AdminVideo;
  onEdit: (video: AdminVideo) => void;
  onDelete: (video: AdminVideo) => void;
}) {
  const publish = useSetVideoPublished();
  const toast = useToast();
  const toggle = () =>
    publish.mutate(
      { id: video.id, isPublished: !video.isPublished },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isPublished ? 'Video Published' : 'Video Unpublished',
            description: saved.isPublished
              ? `“${saved.title}” is on the videos page.`
              : `“${saved.title}” is a draft again.`,
          }),
        onError: (error) => toast(failureToast(error, 'Failed to update video')),
      },
    );
  return (
    <tr>
      <th scope="row" className={`${cellClass} font-semibold text-navy-950`}>
        {video.title}
        {video.uploadedBy ? (
          <div className="font-normal text-stone-700">by {video.uploadedBy.username}</div>
        ) : null}
      </th>
      <td className={cellClass}>
        <StatusBadge
          label={video.isPublished ? 'Published' : 'Draft'}
          tone={
            video.isPublished ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'
          }
        />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {video.source === 'file'
          ? `File${video.fileSize !== null ? `, ${formatFileSize(video.fileSize)}` : ''}`
          : /vimeo/.test(video.videoUrl)
            ? 'Vimeo link'
            : 'YouTube link'}
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {video.comments.approved} shown, {video.comments.pending} waiting
      </td>
      <DateTimeCell iso={video.createdAt} />
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          <ActionButton
            onClick={toggle}
            disabled={publish.isPending}
            aria-label={`${video.isPublished ? 'Unpublish' : 'Publish'} ${video.title}`}
          >
            {video.isPublished ? 'Unpublish' : 'Publish'}
          </ActionButton>
          <ActionButton onClick={() => onEdit(video)} aria-label={`Edit ${video.title}`}>
            Edit
          </ActionButton>
          <ActionButton
            tone="danger"
            onClick={() => onDelete(video)}
            aria-label={`Delete ${video.title}`}
          >
            Delete
          </ActionButton>
        </div>
      </td>
    </tr>
  );
}
