import { FieldShell, TextAreaField, TextField, controlClass } from '~/client/components/ui/field';
import { SmallCheckbox } from '~/client/components/ui/panel-parts';
import type { Path } from '~/client/lib/value-path';
import { useSectionForm } from './section-form-context';

/** The section forms' fields, each bound by the section's form to one path of the section. */

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
  const form = useSectionForm();
  return (
    <TextField label={label} type={type} hint={hint} required={required} {...form.field(path)} />
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
  const form = useSectionForm();
  return <TextAreaField label={label} hint={hint} rows={rows} required {...form.field(path)} />;
}

/** A whole number; what cannot be read as one is sent as typed, for the server to name. */
export function NumberInput({ path, label, hint }: { path: Path; label: string; hint?: string }) {
  const form = useSectionForm();
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      hint={hint}
      required
      {...form.field(path)}
      onValue={(_, next) =>
        form.set(path, next.trim() !== '' && !Number.isNaN(Number(next)) ? Number(next) : next)
      }
    />
  );
}

export function CheckboxInput({ path, label }: { path: Path; label: string }) {
  const form = useSectionForm();
  const field = form.field(path);
  return (
    <SmallCheckbox
      label={label}
      name={field.name}
      checked={field.value === 'true'}
      onChange={(event) => form.set(path, event.target.checked)}
    />
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
  const form = useSectionForm();
  const field = form.field(path);
  return (
    <FieldShell label={label} required={required} error={field.error} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          name={field.name}
          type={type}
          className={`${controlClass} max-w-xs`}
          required={required}
          aria-required={required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          value={field.value}
          onChange={(event) => form.set(path, event.target.value || (required ? '' : undefined))}
        />
      )}
    </FieldShell>
  );
}
