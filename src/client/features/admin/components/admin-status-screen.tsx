import { Button } from '~/client/components/ui/button';

/** A whole-page state of the admin area: checking the session, or failing to. */
export function AdminStatusScreen({
  title,
  message,
  busy,
  onRetry,
}: {
  title: string;
  message?: string;
  busy?: boolean;
  onRetry?: () => void;
}) {
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center"
      aria-busy={busy || undefined}
    >
      <div role={busy ? 'status' : 'alert'} className="flex flex-col items-center gap-3">
        {busy ? (
          <span
            className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-navy-800 motion-reduce:animate-none"
            aria-hidden="true"
          />
        ) : null}
        <h1 className="font-display text-2xl font-semibold text-navy-950">{title}</h1>
        {message ? <p className="text-stone-700">{message}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </main>
  );
}
