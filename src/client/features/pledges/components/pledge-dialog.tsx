import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog> holding a small form: the browser traps focus, closes on Escape
 * and gives focus back to the button that opened it. Its content is mounted only while open, so
 * each opening starts from the pledge it is for.
 */
export function PledgeDialog({
  open,
  title,
  onDismiss,
  children,
}: {
  open: boolean;
  title: string;
  onDismiss: () => void;
  children: (titleId: string) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
      onClose={onDismiss}
      className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-5 text-stone-900 shadow-xl backdrop:bg-navy-950/60 sm:p-6"
    >
      {open ? (
        <>
          <h2 id={titleId} className="font-display text-2xl font-semibold text-navy-950">
            {title}
          </h2>
          {children(titleId)}
        </>
      ) : null}
    </dialog>
  );
}
