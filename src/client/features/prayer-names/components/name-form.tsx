import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import type * as z from 'zod/mini';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import {
  prayerIntentionLabels,
  prayerNameInput,
  type PrayerNameView as PrayerName,
} from '~/shared/schemas/prayer-names';
import { prayerIntentionValues, prayerRelationLabels, prayerRelationValues } from '~/shared/domain';
import { usePageForm } from '~/client/app/page-data';
import { Button, buttonClass } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { SelectField } from '~/client/components/ui/select-field';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';

/** The schema is in this page's chunk already (the labels come from its module). */
const loadSchema = () => Promise.resolve(prayerNameInput);

const relationOptions = prayerRelationValues.map((value) => ({
  value,
  label: prayerRelationLabels[value],
}));
const intentionOptions = prayerIntentionValues.map((value) => ({
  value,
  label: prayerIntentionLabels[value],
}));

const fieldsOf = (name: PrayerName | null) => ({
  hebrewName: name?.hebrewName ?? '',
  relation: name?.relation ?? 'ben',
  motherHebrewName: name?.motherHebrewName ?? '',
  englishName: name?.englishName ?? '',
  intention: name?.intention ?? 'healing',
  note: name?.note ?? '',
});

export type PrayerNameData = z.output<typeof prayerNameInput>;

/**
 * Adds a name, or edits `editing`: Hebrew names typed right to left, checked with the server's
 * own rules before sending. A real form: without JavaScript it posts to the page (`prayer-name`
 * or `prayer-name-edit`, the name's id in a hidden field) and comes back with the messages.
 */
export function NameForm({
  editing,
  onSave,
}: {
  editing: PrayerName | null;
  onSave: (data: PrayerNameData) => Promise<unknown>;
}) {
  const formName = editing ? 'prayer-name-edit' : 'prayer-name';
  const page = usePageForm(formName);
  const form = useZodForm(loadSchema, fieldsOf(editing), page.returned);
  const { field, errors } = form;
  const box = useRef<HTMLDivElement>(null);

  // Chosen from the list with scripts (no page load): the form takes the focus.
  useEffect(() => {
    if (editing) box.current?.querySelector<HTMLInputElement>('[name="hebrewName"]')?.focus();
  }, [editing]);

  const submit = form.handleSubmit(async (data) => {
    try {
      await onSave(data);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length === 0)
        form.setErrors({ _: error.message });
      throw error;
    }
  });

  return (
    <div ref={box}>
      <form
        {...form.formProps}
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event).catch(() => undefined)}
        aria-label={editing ? 'Edit a name' : 'Add a name'}
        className="group/name-form flex flex-col gap-4"
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value={formName} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField label="Hebrew name" dir="rtl" lang="he" required {...field('hebrewName')} />
        <SelectField
          label="Son or daughter of"
          required
          options={relationOptions}
          {...field('relation')}
        />
        <TextField
          label="Mother’s Hebrew name"
          dir="rtl"
          lang="he"
          required
          {...field('motherHebrewName')}
        />
        <TextField label="English name (optional)" {...field('englishName')} />
        <SelectField
          label="Intention"
          required
          options={intentionOptions}
          {...field('intention')}
        />
        {/* Shown when Other is chosen: by the stylesheet, so it works without JavaScript too. */}
        <div className="hidden group-has-[option[value=other]:checked]/name-form:block">
          <TextField label="What to pray for" required maxLength={200} {...field('note')} />
        </div>
        {errors._ ? (
          <p role="alert" className="text-red-800">
            {errors._}
          </p>
        ) : null}
        <div className="flex gap-3">
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : editing ? 'Save changes' : 'Add name'}
          </Button>
          {editing ? (
            <Link href="/prayer-names" className={buttonClass('secondary')}>
              Cancel
            </Link>
          ) : null}
        </div>
      </form>
    </div>
  );
}
