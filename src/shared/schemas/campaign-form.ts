import * as z from 'zod/mini';
import { zonedDateAndTime, zonedInstant, zonedIso } from '~/shared/zoned-time';
import { campaignInput, type CampaignInput, type CampaignView } from './campaigns';

/**
 * The office's campaign form: text by field, as `useZodForm` holds it. Start, end and "still
 * open until" are a date and a time on the site's clock, made into ISO 8601 with the offset of
 * that moment (daylight saving included); the bonus goals and matchers are lists kept as JSON
 * in one field each. The API's own schema then judges it, so the browser and the server say the
 * same thing, at the same field (`matchers.1.cap`).
 */

export interface MatcherRow {
  /** A saved matcher's id, sent back so the server changes that one; none for a new one. */
  id?: string;
  /** A saved matcher that has matched gifts: its ratio and place stay. */
  hasMatched?: boolean;
  name: string;
  /** '1' doubles, '2' triples, 'other' reads `ratio`. */
  kind: string;
  ratio: string;
  cap: string;
}

export interface CampaignFormValues extends Record<string, string> {
  slug: string;
  title: string;
  story: string;
  goal: string;
  /** JSON: string[]. */
  bonusGoals: string;
  /** The date fields are named as the API's fields, so the server's message lands on them. */
  startsAt: string;
  startsAtTime: string;
  endsAt: string;
  endsAtTime: string;
  openUntil: string;
  openUntilTime: string;
  recurringMonths: string;
  /** 'true' or 'false'. */
  pauseForShabbat: string;
  fund: string;
  offlineGiftsMatched: string;
  /** 'true' or 'false'. */
  ambassadorMailShowsAmount: string;
  /** JSON: MatcherRow[]. */
  matchers: string;
  /** The sites that may show the thermometer, one origin a line. */
  embedOrigins: string;
  /** The share buttons' message; blank: made from the title. */
  shareText: string;
}

export const newMatcher = (): MatcherRow => ({ name: '', kind: '1', ratio: '', cap: '' });

export function blankCampaignForm(): CampaignFormValues {
  return {
    slug: '',
    title: '',
    story: '',
    goal: '',
    bonusGoals: '[]',
    startsAt: '',
    startsAtTime: '20:00',
    endsAt: '',
    endsAtTime: '20:00',
    openUntil: '',
    openUntilTime: '',
    recurringMonths: '12',
    pauseForShabbat: 'true',
    fund: '',
    offlineGiftsMatched: 'false',
    ambassadorMailShowsAmount: 'false',
    matchers: JSON.stringify([newMatcher()]),
    embedOrigins: '',
    shareText: '',
  };
}

const ratioKind = (ratio: number) => (ratio === 1 || ratio === 2 ? String(ratio) : 'other');

/** A saved campaign as the form shows it, its times on the site's clock. */
export function campaignFormValues(c: CampaignView, timeZone: string): CampaignFormValues {
  const at = (iso: string | null) =>
    iso ? zonedDateAndTime(new Date(iso), timeZone) : { date: '', time: '' };
  const start = at(c.startsAt);
  const end = at(c.endsAt);
  const open = at(c.openUntil);
  return {
    slug: c.slug,
    title: c.title,
    story: c.story,
    goal: String(c.goal),
    bonusGoals: JSON.stringify(c.bonusGoals.map(String)),
    startsAt: start.date,
    startsAtTime: start.time,
    endsAt: end.date,
    endsAtTime: end.time,
    openUntil: open.date,
    openUntilTime: open.time,
    recurringMonths: String(c.recurringMonths),
    pauseForShabbat: String(c.pauseForShabbat),
    fund: c.fund ?? '',
    offlineGiftsMatched: String(c.offlineGiftsMatched),
    ambassadorMailShowsAmount: String(c.ambassadorMailShowsAmount),
    matchers: JSON.stringify(
      c.matchers.map((m) => ({
        id: m.id,
        hasMatched: m.hasMatched,
        name: m.name,
        kind: ratioKind(m.ratio),
        ratio: ratioKind(m.ratio) === 'other' ? String(m.ratio) : '',
        cap: String(m.cap),
      })),
    ),
    embedOrigins: c.embedOrigins.join('\n'),
    shareText: c.shareText ?? '',
  };
}

/** A title as a web address name: 'Chai Day 2026!' → 'chai-day-2026'. */
export function slugFrom(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Typed dollars ('180,000', '$1,800') as a number; what is not one is kept for the message. */
function number(text: string): number | string {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  return cleaned !== '' && /^\d*\.?\d+$/.test(cleaned) ? Number(cleaned) : text;
}

export function parseList<T>(json: string | undefined): T[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(list) ? (list as T[]) : [];
  } catch {
    return [];
  }
}

type Issue = { path: string; message: string };

function moment(
  values: CampaignFormValues,
  field: 'startsAt' | 'endsAt' | 'openUntil',
  what: string,
  timeZone: string,
  issues: Issue[],
): string | null {
  const date = values[field].trim();
  const time = values[`${field}Time`].trim();
  if (!date && !time && field === 'openUntil') return null;
  if (!date || !time) {
    issues.push({ path: field, message: `Please enter the ${what} date and time` });
    return null;
  }
  const instant = zonedInstant(date, time, timeZone);
  if (!instant) {
    issues.push({
      path: field,
      message: `The clocks go forward then, so ${time} does not happen on ${date}; please choose another time`,
    });
    return null;
  }
  return zonedIso(instant, timeZone);
}

/** The form's text as the API's body, with the problems found in making it. */
export function campaignBody(values: CampaignFormValues, timeZone: string) {
  const issues: Issue[] = [];
  const startsAt = moment(values, 'startsAt', 'start', timeZone, issues);
  const endsAt = moment(values, 'endsAt', 'end', timeZone, issues);
  const openUntil = moment(values, 'openUntil', '"still open until"', timeZone, issues);
  const body = {
    slug: values.slug,
    title: values.title,
    story: values.story,
    goal: number(values.goal),
    bonusGoals: parseList<string>(values.bonusGoals).map(number),
    startsAt: startsAt ?? '',
    endsAt: endsAt ?? '',
    openUntil,
    recurringMonths: number(values.recurringMonths),
    pauseForShabbat: values.pauseForShabbat === 'true',
    fund: values.fund,
    offlineGiftsMatched: values.offlineGiftsMatched === 'true',
    ambassadorMailShowsAmount: values.ambassadorMailShowsAmount === 'true',
    matchers: parseList<MatcherRow>(values.matchers).map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      ratio: m.kind === 'other' ? number(m.ratio) : Number(m.kind),
      cap: number(m.cap),
    })),
    embedOrigins: values.embedOrigins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    shareText: values.shareText,
  };
  return { body, issues };
}

const fieldOrder = [
  'title',
  'slug',
  'story',
  'goal',
  'fund',
  'bonusGoals',
  'startsAt',
  'endsAt',
  'openUntil',
  'recurringMonths',
  'pauseForShabbat',
  'offlineGiftsMatched',
  'ambassadorMailShowsAmount',
  'matchers',
  'embedOrigins',
  'shareText',
];

/**
 * The form's schema for `useZodForm`: the body made, then `campaignInput`. Every message is
 * keyed by its whole path ('matchers.0.cap'), which is the name of the field it belongs to.
 */
export function campaignForm(timeZone: string) {
  return z.pipe(
    z.transform((values: CampaignFormValues, ctx) => {
      const { body, issues } = campaignBody(values, timeZone);
      const result = campaignInput.safeParse(body);
      const all = [
        ...issues,
        ...(result.success ? [] : result.error.issues).map((i) => ({
          // The sites are one text area: a message about any line is the area's.
          path: i.path[0] === 'embedOrigins' ? 'embedOrigins' : i.path.map(String).join('.'),
          message: i.message,
        })),
      ];
      // A start or end that could not be read is already named: not again as "no offset".
      const named = new Set(issues.map((i) => i.path));
      const shown = all.filter((i, n) => n < issues.length || !named.has(i.path));
      // In the form's order, so the first field focused is the first on screen.
      const place = (i: { path: string }) => fieldOrder.indexOf(i.path.split('.')[0]!);
      for (const issue of shown.sort((a, b) => place(a) - place(b))) {
        ctx.issues.push({
          code: 'custom',
          input: values,
          path: [issue.path],
          message: issue.message,
        });
      }
      return (result.success ? result.data : body) as CampaignInput;
    }),
    z.custom<CampaignInput>(),
  );
}
