import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: (ids: { inputId: string; describedBy?: string }) => React.ReactNode;
}

/** A labelled control with its required marker, hint and error message wired for screen readers. */
export function FieldShell({ label, required, error, hint, children }: FieldShellProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {children({ inputId, describedBy })}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const controlClass =
  'w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-gold-700 disabled:cursor-not-allowed disabled:bg-stone-100 aria-[invalid=true]:border-red-700';

/** What a text field takes besides its element's own attributes. */
interface TextBinding {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  onValue: (name: string, value: string) => void;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & TextBinding;

/** What a text control takes from its shell and its binding, typed or multi-line alike. */
function boundControl(
  { inputId, describedBy }: { inputId: string; describedBy?: string },
  {
    name,
    error,
    required,
    onValue,
  }: Pick<TextBinding, 'name' | 'error' | 'onValue'> & { required?: boolean },
) {
  return {
    id: inputId,
    className: controlClass,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    onChange: (e: { target: { value: string } }) => onValue(name, e.target.value),
  };
}

export function TextField({ label, error, hint, required, onValue, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint}>
      {(ids) => (
        <input {...boundControl(ids, { name: input.name, error, required, onValue })} {...input} />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> &
  TextBinding;

export function TextAreaField({
  label,
  error,
  hint,
  required,
  onValue,
  ...input
}: TextAreaFieldProps) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint}>
      {(ids) => (
        <textarea
          {...boundControl(ids, { name: input.name, error, required, onValue })}
          {...input}
        />
      )}
    </FieldShell>
  );
}

interface CheckboxProps {
  name: string;
  value: string;
  onValue: (name: string, value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** The id of the words beside it that say more. */
  describedBy?: string;
}

/**
 * A checkbox bound like the other fields (`{...form.field(name)}`): the form holds it as the
 * text 'true' or 'false', as a form holds every value. Bare, for a label laid out around it.
 */
export function Checkbox({
  name,
  value,
  onValue,
  disabled,
  error,
  describedBy,
  className,
}: CheckboxProps & { className: string }) {
  return (
    <input
      type="checkbox"
      name={name}
      checked={value === 'true'}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onValue(name, String(e.target.checked))}
      className={className}
    />
  );
}

/** A bound checkbox (see Checkbox) with its words beside it. */
export function CheckboxField({ label, ...box }: CheckboxProps & { label: string }) {
  return (
    <label className="flex items-start gap-3 text-stone-800">
      <Checkbox {...box} className="mt-0.5 size-5 shrink-0 accent-navy-900" />
      <span>{label}</span>
    </label>
  );
}

/** The honeypot: hidden from people and assistive technology, tempting to bots. */
export function HoneypotField({
  value,
  onValue,
}: {
  value: string;
  onValue: (name: string, value: string) => void;
}) {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onValue('website', e.target.value)}
        />
      </label>
    </div>
  );
}

/**
 * What a page form says above its fields once the server answered it without JavaScript: that
 * it was done (`sent`, with its title), or why the form as a whole was refused (`problem`).
 */
export function FormNotice({
  title,
  sent,
  problem,
}: {
  title?: string;
  sent?: string;
  problem?: string;
}) {
  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
        <strong>{title}</strong> {sent}
      </p>
    );
  }
  return problem ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
      {problem}
    </p>
  ) : null;
}

/** Why a step of a form failed, announced; nothing while there is no problem. */
export function ProblemAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
      {message}
    </p>
  ) : null;
}
