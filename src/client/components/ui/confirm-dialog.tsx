import { useId } from 'react';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';

/**
 * A modal question. Cancel is focused first, so Enter does not confirm by accident.
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
  const messageId = useId();
  return (
    <ModalDialog
      open={open}
      title={title}
      describedBy={messageId}
      onDismiss={onDismiss}
      className="w-full max-w-md p-6"
    >
      {() => (
        <>
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
      )}
    </ModalDialog>
  );
}
