import { useState, type FormEvent } from 'react';
import {
  hebrewNameProblem,
  prayerIntentionLabels,
  prayerRelationLabels,
} from '~/shared/schemas/prayer-names';
import { prayerIntentionValues, prayerRelationValues } from '~/shared/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api';
import type { PrayerNameView as PrayerName } from '~/shared/schemas/prayer-names';
import type { PrayerNameFields } from '../api/prayer-names';

const blank: PrayerNameFields = {
  hebrewName: '',
  relation: 'ben',
  motherHebrewName: '',
  englishName: '',
  intention: 'healing',
  note: '',
};

const relationOptions = prayerRelationValues.map((value) => ({
  value,
  label: prayerRelationLabels[value],
}));
const intentionOptions = prayerIntentionValues.map((value) => ({
  value,
  label: prayerIntentionLabels[value],
}));

const hebrewFields = [
  ['hebrewName', 'Hebrew name'],
  ['motherHebrewName', 'Mother’s Hebrew name'],
] as const;

const fieldsOf = (name: PrayerName | null): PrayerNameFields =>
  name
    ? {
        hebrewName: name.hebrewName,
        relation: name.relation,
        motherHebrewName: name.motherHebrewName,
        englishName: name.englishName ?? '',
        intention: name.intention,
        note: name.note ?? '',
      }
    : blank;

/** Adds a name, or edits `editing`: Hebrew names typed right to left, checked before sending. */
export function NameForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: PrayerName | null;
  onSave: (fields: PrayerNameFields) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(() => fieldsOf(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const [name, label] of hebrewFields) {
      const problem = hebrewNameProblem(label, values[name]);
      if (problem) found[name] = problem;
    }
    if (values.intention === 'other' && !values.note.trim()) {
      found.note = 'Say briefly what to pray for';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSave(values);
      setValues(blank);
    } catch (error) {
      if (error instanceof ApiError) setErrors({ ...error.fields, form: error.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <HebrewField name="hebrewName" values={values} errors={errors} onValue={set} />
      <SelectField
        label="Son or daughter of"
        name="relation"
        required
        value={values.relation}
        options={relationOptions}
        error={errors.relation}
        onValue={set}
      />
      <HebrewField name="motherHebrewName" values={values} errors={errors} onValue={set} />
      <TextField
        label="English name (optional)"
        name="englishName"
        value={values.englishName}
        error={errors.englishName}
        onValue={set}
      />
      <SelectField
        label="Intention"
        name="intention"
        required
        value={values.intention}
        options={intentionOptions}
        error={errors.intention}
        onValue={set}
      />
      {values.intention === 'other' ? (
        <TextField
          label="What to pray for"
          name="note"
          required
          maxLength={200}
          value={values.note}
          error={errors.note}
          onValue={set}
        />
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-red-800">
          {errors.form}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save changes' : 'Add name'}
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function HebrewField({
  name,
  values,
  errors,
  onValue,
}: {
  name: (typeof hebrewFields)[number][0];
  values: PrayerNameFields;
  errors: Record<string, string>;
  onValue: (name: string, value: string) => void;
}) {
  const label = hebrewFields.find(([n]) => n === name)![1];
  return (
    <TextField
      label={label}
      name={name}
      dir="rtl"
      lang="he"
      required
      value={values[name]}
      error={errors[name]}
      onValue={onValue}
    />
  );
}
