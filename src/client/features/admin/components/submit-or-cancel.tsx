import { Button } from '~/client/components/ui/button';

/** A second-factor form's buttons: submit (saying what it waits for), and Cancel when offered. */
export function SubmitOrCancel({
  pending,
  pendingLabel,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
