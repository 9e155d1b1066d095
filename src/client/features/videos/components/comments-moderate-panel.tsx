import { useId, useState } from 'react';
import type { CommentStatus } from '~/shared/domain';
import type { AdminComment } from '~/shared/schemas/videos';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import {
  COMMENTS_PAGE_SIZE,
  useAdminCommentsQuery,
  useApproveComment,
  useDeleteComment,
} from '~/client/features/videos/api/admin-videos';
import { useDeleteConfirmation } from '~/client/components/ui/delete-confirmation';
import { PagedTable } from '~/client/components/ui/paged-table';
import { ActionButton, cellClass, DateTimeCell } from '~/client/components/ui/panel-parts';

export const DELETE_COMMENT_QUESTION = 'Are you sure you want to delete this comment?';

/** The Moderate Comments tab: comments awaiting review (or approved ones), approve or delete. */
export default function CommentsModeratePanel() {
  const [status, setStatus] = useState<CommentStatus>('pending');
  const [offset, setOffset] = useState(0);
  const query = useAdminCommentsQuery(status, offset);
  const filterId = useId();
  const deletion = useDeleteConfirmation<AdminComment>({
    remove: useDeleteComment(),
    title: 'Delete comment',
    question: DELETE_COMMENT_QUESTION,
    detail: (comment) => `The comment by ${comment.authorName} will be deleted for good.`,
    deleted: (comment) => ({
      title: 'Comment Deleted',
      description: `The comment by ${comment.authorName} was deleted.`,
    }),
    failure: 'Failed to delete comment',
  });

  return (
    <section className="flex flex-col gap-4" aria-label="Moderate comments">
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="text-sm font-medium text-stone-800">
          Show
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CommentStatus);
            setOffset(0);
          }}
          className="w-full max-w-xs rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
        >
          <option value="pending">Awaiting review</option>
          <option value="approved">Approved</option>
        </select>
      </div>
      <PagedTable
        query={query}
        items={query.data?.comments}
        total={query.data?.total ?? 0}
        offset={offset}
        pageSize={COMMENTS_PAGE_SIZE}
        onOffset={setOffset}
        noun="comments"
        empty={status === 'pending' ? 'No comments to moderate.' : 'No approved comments yet.'}
        caption={status === 'pending' ? 'Comments awaiting review' : 'Approved comments'}
        headers={['Received', 'Video', 'From', 'Comment', 'Actions']}
        row={(comment) => <CommentRow key={comment.id} comment={comment} onDelete={deletion.ask} />}
      />
      {deletion.dialog}
    </section>
  );
}

function CommentRow({
  comment,
  onDelete,
}: {
  comment: AdminComment;
  onDelete: (comment: AdminComment) => void;
}) {
  const approve = useApproveComment();
  const toast = useToast();
  const onApprove = () =>
    approve.mutate(comment.id, {
      onSuccess: () =>
        toast({
          title: 'Comment Approved',
          description: `The comment by ${comment.authorName} now shows on the videos page.`,
        }),
      onError: (error) => toast(failureToast(error, 'Failed to approve comment')),
    });
  return (
    <tr>
      <DateTimeCell iso={comment.createdAt} />
      <td className={cellClass}>{comment.videoTitle}</td>
      <td className={cellClass}>
        <div className="font-semibold text-navy-950">{comment.authorName}</div>
        <a className="text-navy-800 underline wrap-anywhere" href={`mailto:${comment.authorEmail}`}>
          {comment.authorEmail}
        </a>
      </td>
      {/* Text, never markup: the comment shows exactly as the visitor typed it. */}
      <td className={`${cellClass} max-w-md wrap-anywhere whitespace-pre-line text-stone-800`}>
        {comment.comment}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          {comment.isApproved ? null : (
            <ActionButton
              onClick={onApprove}
              disabled={approve.isPending}
              aria-label={`Approve the comment by ${comment.authorName}`}
            >
              Approve
            </ActionButton>
          )}
          <ActionButton
            tone="danger"
            onClick={() => onDelete(comment)}
            aria-label={`Delete the comment by ${comment.authorName}`}
          >
            Delete
          </ActionButton>
        </div>
      </td>
    </tr>
  );
}
