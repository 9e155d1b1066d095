import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import { usePageForm } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import type { PublicComment, PublicCommentListing } from '~/shared/schemas/videos';
import { listComments } from '~/client/features/videos/api/list-comments';
import { formatPublished } from '~/client/features/videos/lib/format-published';
import { CommentForm } from './comment-form';

interface CommentsState {
  comments: PublicComment[];
  total: number;
  loading: boolean;
  error: Error | null;
}

/**
 * A video's approved comments: the first ones as the page was rendered with them, or loaded when
 * first shown; then page by page.
 */
function useComments(videoId: string, open: boolean, initial?: PublicCommentListing) {
  const [state, setState] = useState<CommentsState | null>(() =>
    initial ? { ...initial, loading: false, error: null } : null,
  );
  const load = useCallback(
    (offset: number) =>
      listComments(videoId, offset).then(
        (page) =>
          setState((prev) => ({
            comments: offset === 0 ? page.comments : [...(prev?.comments ?? []), ...page.comments],
            total: page.total,
            loading: false,
            error: null,
          })),
        (error: unknown) =>
          setState((prev) => ({
            comments: prev?.comments ?? [],
            total: prev?.total ?? 0,
            loading: false,
            error: error instanceof Error ? error : new Error(String(error)),
          })),
      ),
    [videoId],
  );
  useEffect(() => {
    if (open && state === null) void load(0);
  }, [open, state, load]);
  const more = () => {
    setState((prev) => prev && { ...prev, loading: true, error: null });
    void load(state?.comments.length ?? 0);
  };
  const retry = () => setState(null);
  return { state, more, retry };
}

/**
 * The Comments toggle (spec 2): the comment form and the approved comments. A <details>, so it
 * opens and its form posts without JavaScript too; it is open when the server sent its form back.
 */
export function VideoComments({
  videoId,
  videoTitle,
  initial,
}: {
  videoId: string;
  videoTitle: string;
  initial?: PublicCommentListing;
}) {
  const page = usePageForm('comment');
  const returned = page.returned?.values.videoId === videoId ? page.returned : undefined;
  const sent = new URLSearchParams(useSearch()).get('video') === videoId ? page.sent : undefined;
  const [open, setOpen] = useState(Boolean(returned ?? sent));
  const { state, more, retry } = useComments(videoId, open, initial);
  return (
    <details
      id={`comments-${videoId}`}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group scroll-mt-24 border-t border-stone-200 pt-3"
    >
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold text-navy-900 hover:text-gold-700 [&::-webkit-details-marker]:hidden">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="h-4 w-4 fill-current transition-transform group-open:rotate-90 motion-reduce:transition-none"
        >
          <path d="M9 6l6 6-6 6z" />
        </svg>
        Comments
      </summary>
      <section aria-label={`Comments on ${videoTitle}`} className="mt-3 flex flex-col gap-4">
        <CommentForm videoId={videoId} videoTitle={videoTitle} returned={returned} sent={sent} />
        <CommentList state={state} onMore={more} onRetry={retry} />
      </section>
    </details>
  );
}

const subscribeNever = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

function CommentList({
  state,
  onMore,
  onRetry,
}: {
  state: CommentsState | null;
  onMore: () => void;
  onRetry: () => void;
}) {
  // 'Show more' and 'Try again' need scripts: without them the page shows the first comments.
  const scripted = useSyncExternalStore(subscribeNever, isBrowser, isServer);
  if (state === null) return <p role="status">Loading comments…</p>;
  const { comments, total, loading, error } = state;
  return (
    <div className="flex flex-col gap-3">
      {comments.length === 0 && !error ? (
        <p className="text-stone-700">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-stone-50 p-3">
              <p className="text-sm">
                <span className="font-semibold text-navy-950">{c.authorName}</span>{' '}
                <time dateTime={c.createdAt} className="text-stone-700">
                  {formatPublished(c.createdAt)}
                </time>
              </p>
              {/* Text, never markup: whatever a commenter typed is shown as typed. */}
              <p className="mt-1 break-words whitespace-pre-line text-stone-900">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          <p>Could not load the comments. {error.message}</p>
          <Button variant="ghost" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      {scripted && comments.length < total && !error ? (
        <Button variant="ghost" className="self-start" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : `Show more comments (${total - comments.length})`}
        </Button>
      ) : null}
    </div>
  );
}
