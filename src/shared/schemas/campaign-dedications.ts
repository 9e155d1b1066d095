import * as z from 'zod/mini';
import { dedicationKinds } from '~/shared/domain';

/**
 * `GET /api/admin/campaigns/:id/dedications?date=`: the dedications of a campaign's gifts
 * received on one day (in the site's time zone), for the Rabbi to read at the tziyun. An admin
 * contract; the day is today without one.
 */
export const campaignDedicationsQuery = z.object({
  date: z.optional(z.iso.date({ error: 'Date must be a date (YYYY-MM-DD)' })),
});

export const campaignDedications = z.object({
  campaign: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
  date: z.string(),
  hebrewDate: z.object({ hebrew: z.string(), english: z.string() }),
  total: z.number(),
  /** By kind, in the order of the kinds; a kind with no names is left out. */
  groups: z.array(
    z.object({
      kind: z.enum(dedicationKinds),
      label: z.string(),
      names: z.array(
        z.object({
          id: z.string(),
          /** "משה בן שרה", as the Rabbi reads it; null when the donor gave no Hebrew name. */
          line: z.nullable(z.string()),
          /** The name as the donor wrote it (the receipt's). */
          name: z.string(),
          /** Who gave: for the office's screen, not the printed page. */
          donorName: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});
export type CampaignDedications = z.output<typeof campaignDedications>;
