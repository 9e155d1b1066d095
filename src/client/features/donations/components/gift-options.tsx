import { TextField } from '~/client/components/ui/field';
import { HebrewNameFields } from '~/client/components/hebrew-name-fields';
import type { BoundField } from '~/client/lib/use-zod-form';
import type { GiftDedication } from '~/shared/checkout-link';
import { dedicationKindLabels, dedicationKinds, type DedicationKind } from '~/shared/domain';

/** The dedication's fields, as the checkout forms hold and post them. */
export const dedicationFields = {
  dedicate: '',
  dedicationKind: 'honor',
  dedicationName: '',
  hebrewName: '',
  relation: '',
  motherHebrewName: '',
};
export type DedicationFieldName = keyof typeof dedicationFields;

/** The fields filled from a dedication the checkout's address carries (the campaign page's form). */
export function dedicationFieldsOf(dedication: GiftDedication | undefined) {
  if (!dedication) return dedicationFields;
  return {
    dedicate: 'yes',
    dedicationKind: dedication.kind,
    dedicationName: dedication.name,
    hebrewName: dedication.hebrewName ?? '',
    relation: dedication.relation ?? '',
    motherHebrewName: dedication.motherHebrewName ?? '',
  };
}

/** The dedication as the API takes it: null unless the donor asked for one; blanks left out. */
export function dedicationPayload(values: Record<DedicationFieldName, string>) {
  const name = values.dedicationName.trim();
  if (values.dedicate !== 'yes' || !name) return null;
  const kind = dedicationKinds.find((k) => k === values.dedicationKind) ?? 'honor';
  const part = (value: string) => value.trim() || null;
  return {
    kind,
    name,
    hebrewName: part(values.hebrewName),
    relation: values.relation === 'ben' || values.relation === 'bat' ? values.relation : null,
    motherHebrewName: part(values.motherHebrewName),
  };
}

/** What the dedication's fields take of the donor form. */
export interface DedicationForm {
  values: Record<DedicationFieldName, string>;
  errors: Partial<Record<DedicationFieldName, string | undefined>>;
  field: (name: DedicationFieldName) => BoundField<string>;
  setValue: (name: string, value: string) => void;
}

/**
 * Beyond the spec: a gift in honor of, in memory of, l'ilui nishmas or for a refuah shleimah,
 * printed on the receipt; with the Hebrew name, ben or bat and the mother's Hebrew name, the Rabbi
 * reads it at the tziyun. The fields are always in the page and shown by the checkbox through
 * CSS, so the dedication works before scripts run (or without them).
 */
export function DedicationFields({ form, disabled }: { form: DedicationForm; disabled?: boolean }) {
  const { values, errors, setValue } = form;
  const bound = (name: DedicationFieldName) => ({ ...form.field(name), disabled: !!disabled });
  return (
    <div className="flex flex-col gap-3">
      <label className="peer flex items-center gap-3 text-stone-800">
        <input
          type="checkbox"
          name="dedicate"
          value="yes"
          checked={values.dedicate === 'yes'}
          disabled={disabled}
          onChange={(e) => setValue('dedicate', e.target.checked ? 'yes' : '')}
          className="size-5 shrink-0 accent-navy-900"
        />
        Dedicate this gift (optional)
      </label>
      <fieldset className="hidden flex-col gap-3 rounded-xl bg-cream-100 p-4 peer-has-checked:flex">
        <legend className="sr-only">Dedication</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {dedicationKinds.map((kind: DedicationKind) => (
            <label key={kind} className="flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="dedicationKind"
                value={kind}
                checked={values.dedicationKind === kind}
                disabled={disabled}
                onChange={() => setValue('dedicationKind', kind)}
                className="size-4 accent-navy-900"
              />
              {dedicationKindLabels[kind]}
            </label>
          ))}
        </div>
        {errors.dedicationKind ? (
          <p className="text-sm text-red-700">{errors.dedicationKind}</p>
        ) : null}
        <TextField
          label="Name of the person the gift is for"
          required
          maxLength={100}
          {...bound('dedicationName')}
        />
        <p className="text-sm text-stone-700">
          For the Rabbi to read at the tziyun (optional): the Hebrew name, ben or bat, and the
          mother’s Hebrew name.
        </p>
        <HebrewNameFields relationLabel="Ben or bat" field={bound} />
      </fieldset>
    </div>
  );
}
