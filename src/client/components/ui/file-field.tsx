import { FieldShell } from './field';

/** A labelled file input with its hint and error, wired for screen readers like the text fields. */
export function FileField({
  label,
  name,
  accept,
  hint,
  error,
  disabled,
  capture,
  onFile,
}: {
  label: string;
  name: string;
  accept: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  /** On a phone, open this camera rather than the files: 'environment' is the one at the back. */
  capture?: 'environment' | 'user';
  onFile: (file: File | null) => void;
}) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          capture={capture}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 file:mr-3 file:rounded-full file:border-0 file:bg-navy-900 file:px-4 file:py-1.5 file:font-semibold file:text-white disabled:cursor-not-allowed disabled:bg-stone-100"
        />
      )}
    </FieldShell>
  );
}
