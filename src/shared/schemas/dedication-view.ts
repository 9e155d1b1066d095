import * as z from 'zod/mini';
import { dedicationKinds, prayerRelationValues } from '~/shared/domain';

/** A gift's dedication as the site shows it back: its kind, name and, when given, Hebrew parts. */
export const dedicationView = z.object({
  kind: z.enum(dedicationKinds),
  name: z.string(),
  hebrewName: z.nullable(z.string()),
  relation: z.nullable(z.enum(prayerRelationValues)),
  motherHebrewName: z.nullable(z.string()),
});
export type DedicationView = z.output<typeof dedicationView>;
