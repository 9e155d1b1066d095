import * as z from 'zod/mini';
import {
  prayerIntentionValues,
  prayerRelationValues,
  type PrayerIntention,
  type PrayerRelation,
} from '~/shared/domain';
import { optionalLine } from './common';
import { emailLinkRequest } from './email-link';

/** The Hebrew word between a name and the mother's name. */
export const prayerRelationHebrew: Record<PrayerRelation, string> = { ben: 'בן', bat: 'בת' };

export const prayerIntentionLabels: Record<PrayerIntention, string> = {
  healing: 'Healing (refuah shleimah)',
  shidduch: 'Finding a match (shidduch)',
  parnassah: 'Livelihood (parnassah)',
  children: 'Children',
  success: 'Success',
  other: 'Other',
};

/** Hebrew letters (final forms included), with spaces, maqaf, geresh and gershayim between words. */
const hebrewLetter = /[\u05D0-\u05EA]/;
const hebrewName = /^[\u05D0-\u05EA]+(?:[ \u05BE\u05F3\u05F4'"-][\u05D0-\u05EA]*)*$/;
const otherLetter = /[A-Za-z\u00C0-\u024F\u0400-\u04FF\u0600-\u06FF]/;
export const HEBREW_NAME_MAX = 60;

export function hebrewNameMessages(label: string) {
  return {
    required: `${label} is required`,
    tooLong: `${label} must be at most ${HEBREW_NAME_MAX} characters`,
    mixed: `${label} mixes Hebrew with other letters: write it in Hebrew letters only`,
    notHebrew: `${label} must be written in Hebrew letters (for example משה)`,
  };
}

/** Why `value` is not a Hebrew name, or null when it is one. */
export function hebrewNameProblem(label: string, value: string): string | null {
  const messages = hebrewNameMessages(label);
  const text = value.trim();
  if (text === '') return messages.required;
  if (text.length > HEBREW_NAME_MAX) return messages.tooLong;
  if (hebrewLetter.test(text) && otherLetter.test(text)) return messages.mixed;
  if (!hebrewName.test(text)) return messages.notHebrew;
  return null;
}

export function hebrewNameField(label: string) {
  return z.pipe(
    z.string({ error: hebrewNameMessages(label).required }).check(z.trim()),
    z.string().check(
      z.superRefine((value, ctx) => {
        const problem = hebrewNameProblem(label, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
  );
}

/** A Hebrew name that may be left out: absent, null or blank become null; else as the list takes it. */
export function optionalHebrewNameField(label: string) {
  return z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: hebrewNameMessages(label).notHebrew }))),
      z.transform((value) => (value ?? '').trim() || null),
    ),
    z.nullable(hebrewNameField(label)),
  );
}

export const prayerRelationField = z.enum(prayerRelationValues, {
  error: 'Choose son of (ben) or daughter of (bat)',
});

const prayerNameShape = {
  hebrewName: hebrewNameField('Hebrew name'),
  relation: prayerRelationField,
  motherHebrewName: hebrewNameField('Mother’s Hebrew name'),
  englishName: optionalLine('English name', 100),
  intention: z.enum(prayerIntentionValues, { error: 'Choose an intention' }),
  note: optionalLine('Note', 200),
};
const otherNeedsNote = z.refine<{ intention: PrayerIntention; note: string | null }>(
  (v) => v.intention !== 'other' || v.note !== null,
  { message: 'Say briefly what to pray for', path: ['note'] },
);

export const prayerNameInput = z.object(prayerNameShape).check(otherNeedsNote);

/** Which of the giver's names a page form (edit, renew, remove) is about. */
const nameId = z.uuid({ error: 'This name is not on your list.' });

/** The names page's form to correct a name, posted without JavaScript: the name and its id. */
export const prayerNameEditInput = z
  .object({ ...prayerNameShape, id: nameId })
  .check(otherNeedsNote);

/** The names page's renew and remove forms: the name's id. */
export const prayerNameIdInput = z.object({ id: nameId });

export type PrayerNameInput = z.output<typeof prayerNameInput>;

export const prayerLinkRequest = emailLinkRequest;

/** A name as its giver's page shows it. */
export const prayerNameView = z.object({
  id: z.string(),
  hebrewName: z.string(),
  relation: z.enum(prayerRelationValues),
  motherHebrewName: z.string(),
  englishName: z.nullable(z.string()),
  intention: z.enum(prayerIntentionValues),
  note: z.nullable(z.string()),
  renewedAt: z.string(),
  /** When it leaves the weekly list unless renewed; `lapsed` once that has passed. */
  lapsesAt: z.string(),
  lapsed: z.boolean(),
});
export type PrayerNameView = z.output<typeof prayerNameView>;

/** `GET /api/prayer-names`: the giver and their names. */
export const prayerNamesListing = z.object({
  member: z.object({ name: z.string(), kind: z.enum(['member', 'donor']) }),
  lapseWeeks: z.number(),
  names: z.array(prayerNameView),
});
export type PrayerNamesListing = z.output<typeof prayerNamesListing>;

/**
 * What /prayer-names is rendered with: the giver's names, read from the session cookie the
 * emailed link set, the button that opens the link, or the signed-out page (with why, when a
 * link or a session failed).
 */
export type PrayerNamesPageData =
  | ({ kind: 'ready' } & PrayerNamesListing)
  | { kind: 'signed-out'; problem: string | null }
  /** Opened from the emailed link: only the button that opens it (a GET never spends it). */
  | { kind: 'opening'; token: string };

export const prayerNameParams = z.object({ id: z.uuid({ error: 'Unknown name' }) });
