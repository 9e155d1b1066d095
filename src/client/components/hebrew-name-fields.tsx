import { prayerRelationLabels } from '~/shared/domain';
import { TextField } from '~/client/components/ui/field';
import { SelectField } from '~/client/components/ui/select-field';
import type { BoundField } from '~/client/lib/use-zod-form';

const relationOptions = [
  { value: '', label: 'Choose' },
  ...Object.entries(prayerRelationLabels).map(([value, label]) => ({ value, label })),
];

export type HebrewNameFieldName = 'hebrewName' | 'relation' | 'motherHebrewName';

/**
 * The Hebrew name, ben or bat and the mother's Hebrew name, side by side, as the prayer list
 * takes them for the Rabbi to read at the tziyun.
 */
export function HebrewNameFields({
  relationLabel,
  field,
}: {
  relationLabel: string;
  field: (name: HebrewNameFieldName) => BoundField<string>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
      <TextField label="Hebrew name" lang="he" dir="rtl" maxLength={60} {...field('hebrewName')} />
      <SelectField label={relationLabel} options={relationOptions} {...field('relation')} />
      <TextField
        label="Mother’s Hebrew name"
        lang="he"
        dir="rtl"
        maxLength={60}
        {...field('motherHebrewName')}
      />
    </div>
  );
}
