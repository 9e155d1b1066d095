import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { PublicComment } from '~/shared/schemas/videos';
import { listComments } from '../api/list-comments';
import { formatPublished } from '../lib/format-published';
import { CommentForm } from './comment-form';

interface CommentsState {
  comments: PublicComment[];
  total: number;
  loading: boolean;
  error: Error | null;
}

/** A video's approved comments, loaded when first shown, then page by page. */
function useComments(videoId: string, open: boolean) {
  const [state, setState] = useState<CommentsState | null>(null);
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

/** The Comments toggle (spec 2): the comment form and the approved comments. */
export function VideoComments({ videoId, videoTitle }: { videoId: string; videoTitle: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { state, more, retry } = useComments(videoId, open);
  return (
    <div className="border-t border-stone-200 pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-900 hover:text-gold-700"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={`h-4 w-4 fill-current transition-transform ${open ? 'rotate-90' : ''}`}
        >
          <path d="M9 6l6 6-6 6z" />
        </svg>
        Comments
      </button>
      <section
        id={regionId}
        hidden={!open}
        aria-label={`Comments on ${videoTitle}`}
        className="mt-3 flex flex-col gap-4"
      >
        {open ? (
          <>
            <CommentForm videoId={videoId} videoTitle={videoTitle} />
            <CommentList state={state} onMore={more} onRetry={retry} />
          </>
        ) : null}
      </section>
    </div>
  );
}

function CommentList({
  state,
  onMore,
  onRetry,
}: {
  state: CommentsState | null;
  onMore: () => void;
  onRetry: () => void;
}) {
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
      {comments.length < total && !error ? (
        <Button variant="ghost" className="self-start" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : `Show more comments (${total - comments.length})`}
        </Button>
      ) : null}
    </div>
  );
}
