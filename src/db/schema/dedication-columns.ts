import { sql } from 'drizzle-orm';
import { text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { oneOf } from './columns';
import { dedicationKinds, prayerRelationValues } from '~/shared/domain';

/**
 * A gift's dedication, on every row that carries one to the receipt (donations, and the monthly
 * gifts whose later charges copy it): its kind and name, and the Hebrew name, ben or bat and the
 * mother's Hebrew name the Rabbi reads at the tziyun.
 */
export const dedicationColumns = () => ({
  dedicationKind: text('dedication_kind', { enum: dedicationKinds }),
  dedicationName: text('dedication_name'),
  dedicationHebrewName: text('dedication_hebrew_name'),
  dedicationRelation: text('dedication_relation', { enum: prayerRelationValues }),
  dedicationMotherHebrewName: text('dedication_mother_hebrew_name'),
});

interface DedicationTable {
  dedicationKind: AnyPgColumn;
  dedicationName: AnyPgColumn;
  dedicationHebrewName: AnyPgColumn;
  dedicationRelation: AnyPgColumn;
  dedicationMotherHebrewName: AnyPgColumn;
}

/**
 * Kind and name together; the Hebrew parts all three or none, and only on a dedication (the
 * prayer list reads "name ben/bat mother's name", never a part of it).
 */
export const dedicationCheck = (t: DedicationTable) =>
  sql`(${t.dedicationKind} is null) = (${t.dedicationName} is null) and (${t.dedicationKind} is null or ${oneOf(t.dedicationKind, dedicationKinds)}) and (${t.dedicationHebrewName} is null) = (${t.dedicationRelation} is null) and (${t.dedicationHebrewName} is null) = (${t.dedicationMotherHebrewName} is null) and (${t.dedicationHebrewName} is null or ${t.dedicationKind} is not null) and (${t.dedicationRelation} is null or ${oneOf(t.dedicationRelation, prayerRelationValues)})`;
