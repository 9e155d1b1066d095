import { useId, type ReactNode } from 'react';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

/**
 * A group of radio buttons under a legend, bound like the form's other fields
 * (`{...form.field(name)}`): the browser sends the checked one's value with the form.
 */
export function RadioChoice({
  legend,
  hint,
  name,
  value,
  onValue,
  options,
  columns = 'sm:grid-cols-2',
}: {
  legend: string;
  /** A line under the legend that the group is described by. */
  hint?: string;
  name: string;
  value: string;
  onValue: (name: string, value: string) => void;
  options: RadioOption[];
  columns?: string;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-700">
          {hint}
        </p>
      ) : null}
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white px-3 py-2 has-checked:border-navy-900 has-checked:bg-cream-100 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValue(name, option.value)}
              className="size-4 shrink-0 accent-navy-900"
            />
            <span className="text-stone-900">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
