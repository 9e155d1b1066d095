import { useEffect, useId, useRef } from 'react';
import { Button } from './button';

/**
 * A modal question on the native <dialog>: the browser traps focus, closes on Escape and gives
 * focus back afterwards. Cancel is focused first, so Enter does not confirm by accident.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  pending,
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  title: string;
  message: string;
  detail?: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onDismiss}
      className="m-auto w-full max-w-md rounded-xl bg-white p-6 text-stone-900 shadow-xl backdrop:bg-navy-950/60"
    >
      {open ? (
        <>
          <h2 id={titleId} className="font-display text-2xl font-semibold text-navy-950">
            {title}
          </h2>
          <p id={messageId} className="mt-3">
            {message}
          </p>
          {detail ? <p className="mt-2 text-sm text-stone-700">{detail}</p> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={onDismiss} autoFocus>
              Cancel
            </Button>
            <button
              type="button"
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
              onClick={onConfirm}
              disabled={pending}
            >
              {pending ? 'Working...' : confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
