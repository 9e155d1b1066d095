import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and gives focus back
 * to what opened it. Its content, under the title, is mounted only while open, so each opening
 * starts afresh. `className` sizes the frame (width, padding, scrolling).
 */
export function ModalDialog({
  open,
  title,
  describedBy,
  onDismiss,
  className,
  children,
}: {
  open: boolean;
  title: string;
  /** The id of the element that says what the dialog asks. */
  describedBy?: string;
  onDismiss: () => void;
  className: string;
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
      aria-describedby={describedBy}
      onClose={onDismiss}
      className={`m-auto rounded-xl bg-white text-stone-900 shadow-xl backdrop:bg-navy-950/60 ${className}`}
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
