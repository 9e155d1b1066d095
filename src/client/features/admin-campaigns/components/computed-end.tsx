import { formatDateTime } from '~/client/lib/format-date-time';
import type { CampaignView } from '~/shared/schemas/campaigns';

function pausesNamed(kinds: Set<string>) {
  const shabbat = kinds.has('shabbat') || kinds.has('shabbat-and-yom-tov');
  const yomTov = kinds.has('yom-tov') || kinds.has('shabbat-and-yom-tov');
  if (shabbat && yomTov) return 'Shabbat and Yom Tov';
  return yomTov ? 'Yom Tov' : 'Shabbat';
}

/**
 * When the campaign really ends: the server moves the end later by the Shabbat and Yom Tov
 * inside it (ADR 055), so the office sees it before publishing. It is the saved campaign's:
 * `current` is false when the dates on screen differ from it.
 */
export function ComputedEnd({ saved, current }: { saved: CampaignView | null; current: boolean }) {
  let text: string;
  if (!saved || !current) {
    text = 'Save the draft to see when Shabbat and Yom Tov move the end.';
  } else if (!saved.pauseForShabbat) {
    text = `It runs through Shabbat and Yom Tov and ends at ${formatDateTime(saved.endsAt)}.`;
  } else if (saved.computedEndsAt === saved.endsAt) {
    text = `No Shabbat or Yom Tov falls inside it: it ends as planned, at ${formatDateTime(saved.endsAt)}.`;
  } else {
    const inside = saved.pauses.filter((p) => p.start < saved.computedEndsAt);
    text = `Because of ${pausesNamed(new Set(inside.map((p) => p.kind)))}, it will end at ${formatDateTime(saved.computedEndsAt)} instead of ${formatDateTime(saved.endsAt)}.`;
  }
  const open =
    current && saved?.computedOpenUntil && saved.computedOpenUntil !== saved.openUntil
      ? ` Still open until ${formatDateTime(saved.computedOpenUntil)}.`
      : '';
  return (
    <p className="rounded-md bg-amber-50 p-3 text-stone-900" data-testid="computed-end">
      {text}
      {open}
    </p>
  );
}
