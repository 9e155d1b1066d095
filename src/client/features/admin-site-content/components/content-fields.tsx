import { FieldShell, TextAreaField, TextField, controlClass } from '~/client/components/ui/field';
import { useField } from './section-form-context';
import type { Path } from '~/client/features/admin-site-content/lib/value-path';

/** The section forms' fields, each bound to one path of the section (its `name`). */

export function TextInput({
  path,
  label,
  hint,
  required = true,
  type = 'text',
}: {
  path: Path;
  label: string;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel';
}) {
  const field = useField<string | undefined>(path);
  return (
    <TextField
      label={label}
      name={path}
      type={type}
      hint={hint}
      required={required}
      value={field.value ?? ''}
      error={field.error}
      onValue={(_, next) => field.set(next)}
    />
  );
}

export function TextBlock({
  path,
  label,
  hint,
  rows = 4,
}: {
  path: Path;
  label: string;
  hint?: string;
  rows?: number;
}) {
  const field = useField<string | undefined>(path);
  return (
    <TextAreaField
      label={label}
      name={path}
      hint={hint}
      rows={rows}
      required
      value={field.value ?? ''}
      error={field.error}
      onValue={(_, next) => field.set(next)}
    />
  );
}

/** A whole number; what cannot be read as one is sent as typed, for the server to name. */
export function NumberInput({ path, label, hint }: { path: Path; label: string; hint?: string }) {
  const field = useField<number | string>(path);
  return (
    <TextField
      label={label}
      name={path}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      hint={hint}
      required
      value={field.value ?? ''}
      error={field.error}
      onValue={(_, next) =>
        field.set(next.trim() !== '' && !Number.isNaN(Number(next)) ? Number(next) : next)
      }
    />
  );
}

export function CheckboxInput({ path, label }: { path: Path; label: string }) {
  const field = useField<boolean | undefined>(path);
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm font-medium text-stone-800">
      <input
        type="checkbox"
        name={path}
        checked={field.value ?? false}
        onChange={(event) => field.set(event.target.checked)}
        className="size-5 accent-navy-900"
      />
      {label}
    </label>
  );
}

/** A date (`YYYY-MM-DD`) or time (`HH:MM`) picker; an empty optional one leaves the value out. */
export function CalendarInput({
  path,
  label,
  type,
  hint,
  required = true,
}: {
  path: Path;
  label: string;
  type: 'date' | 'time';
  hint?: string;
  required?: boolean;
}) {
  const field = useField<string | undefined>(path);
  return (
    <FieldShell label={label} required={required} error={field.error} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          name={path}
          type={type}
          className={`${controlClass} max-w-xs`}
          required={required}
          aria-required={required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          value={field.value ?? ''}
          onChange={(event) => field.set(event.target.value || (required ? '' : undefined))}
        />
      )}
    </FieldShell>
  );
}
