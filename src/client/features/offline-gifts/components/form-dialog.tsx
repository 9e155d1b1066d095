import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';

/**
 * A form in a modal on the native <dialog>, as ConfirmDialog: the browser traps focus, closes
 * on Escape and gives focus back. It scrolls inside itself, so a long form fits a 390 px phone.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  submitting,
  tone = 'primary',
  onSubmit,
  onDismiss,
  formProps,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  submitting: boolean;
  tone?: 'primary' | 'danger';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onDismiss: () => void;
  formProps: object;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const danger =
    'inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onDismiss}
      className="m-auto max-h-[90dvh] w-[calc(100%-1rem)] max-w-2xl overflow-y-auto rounded-xl bg-white p-4 text-stone-900 shadow-xl backdrop:bg-navy-950/60 sm:p-6"
    >
      <h2 id={titleId} className="font-display text-2xl font-semibold text-navy-950">
        {title}
      </h2>
      <p id={descriptionId} className="mt-2 text-stone-700">
        {description}
      </p>
      <form {...formProps} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="ghost" onClick={onDismiss}>
            Cancel
          </Button>
          {tone === 'danger' ? (
            <button type="submit" className={danger} disabled={submitting}>
              {submitting ? 'Working...' : submitLabel}
            </button>
          ) : (
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving...' : submitLabel}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}
