import { FieldShell, controlClass } from './field';

interface SelectFieldProps<V extends string> {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  required?: boolean;
  error?: string;
  hint?: string;
  onValue: (name: string, value: V) => void;
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function SelectField<V extends string>({
  label,
  name,
  value,
  options,
  required,
  error,
  hint,
  onValue,
}: SelectFieldProps<V>) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <select
          id={inputId}
          name={name}
          className={controlClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onValue(name, e.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
