import { dedicationKinds, type DedicationKind } from '~/shared/domain';
import { HebrewNameFields } from '~/client/components/hebrew-name-fields';
import { TextField } from '~/client/components/ui/field';
import { SelectField } from '~/client/components/ui/select-field';
import type { BoundField } from '~/client/lib/use-zod-form';
import { dedicationWords } from '~/client/features/campaigns/lib/campaign-format';

const kindLabels: Record<DedicationKind, string> = {
  honor: 'In honor of',
  memory: 'In memory of',
  ilui: 'L’ilui nishmas (for the elevation of a soul)',
  refuah: 'Refuah shleimah (for a full recovery)',
};
const kindOptions = [
  { value: '', label: 'No dedication' },
  ...dedicationKinds.map((value) => ({ value, label: kindLabels[value] })),
];

/** The gift form's fields this part binds. */
export type DedicationFieldName =
  'dedication' | 'dedicationName' | 'hebrewName' | 'relation' | 'motherHebrewName';

/**
 * A gift's dedication: its kind, the name the wall shows, and the Hebrew name, ben or bat and the
 * mother's Hebrew name as the prayer list takes them, for the Rabbi to read at the tziyun. The
 * name fields are always in the plain page; with JavaScript they wait until a kind is chosen.
 */
export function GiftDedication({
  scripted,
  field,
}: {
  scripted: boolean;
  field: (name: DedicationFieldName) => BoundField<string>;
}) {
  const kind = field('dedication');
  const hidden = scripted && kind.value === '';
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-stone-800">Dedication (optional)</legend>
      <SelectField label="Dedicate this gift" options={kindOptions} {...kind} />
      <div hidden={hidden} className="flex flex-col gap-3">
        <TextField
          label="Name as the wall shows it"
          maxLength={100}
          hint={kind.value ? `${dedicationWords[kind.value as DedicationKind]} …` : undefined}
          {...field('dedicationName')}
        />
        <p className="text-sm text-stone-700">
          For the Rabbi to read at the tziyun, the Hebrew name and the mother’s Hebrew name:
        </p>
        <HebrewNameFields relationLabel="Son or daughter of" field={field} />
      </div>
    </fieldset>
  );
}
