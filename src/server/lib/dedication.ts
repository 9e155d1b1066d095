import type { DedicationKind, PrayerRelation } from '~/shared/domain';
import type { DedicationParts } from '~/shared/dedication';
import type { DedicationView } from '~/shared/schemas/dedication-view';

/** A row's dedication columns (donations, and the monthly gifts that copy them to each charge). */
export interface DedicationColumns {
  dedicationKind: DedicationKind | null;
  dedicationName: string | null;
  dedicationHebrewName: string | null;
  dedicationRelation: PrayerRelation | null;
  dedicationMotherHebrewName: string | null;
}

/** A row's dedication, or null: the kind and name are both set or both empty. */
export function dedicationOf(
  row: Pick<DedicationColumns, 'dedicationKind' | 'dedicationName'> &
    Partial<Omit<DedicationColumns, 'dedicationKind' | 'dedicationName'>>,
): DedicationView | null {
  if (!row.dedicationKind || !row.dedicationName) return null;
  const hebrew =
    row.dedicationHebrewName && row.dedicationRelation && row.dedicationMotherHebrewName;
  return {
    kind: row.dedicationKind,
    name: row.dedicationName,
    hebrewName: hebrew ? row.dedicationHebrewName! : null,
    relation: hebrew ? row.dedicationRelation! : null,
    motherHebrewName: hebrew ? row.dedicationMotherHebrewName! : null,
  };
}

/** The columns for a dedication (all null without one), the Hebrew parts all or none. */
export function dedicationColumns(
  dedication: DedicationParts | null | undefined,
): DedicationColumns {
  const hebrew = Boolean(
    dedication?.hebrewName && dedication.relation && dedication.motherHebrewName,
  );
  return {
    dedicationKind: dedication?.kind ?? null,
    dedicationName: dedication?.name ?? null,
    dedicationHebrewName: hebrew ? dedication!.hebrewName! : null,
    dedicationRelation: hebrew ? dedication!.relation! : null,
    dedicationMotherHebrewName: hebrew ? dedication!.motherHebrewName! : null,
  };
}

/** A row's dedication columns, to copy onto another row (a monthly gift's next charge). */
export const copyDedication = (row: DedicationColumns): DedicationColumns =>
  dedicationColumns(dedicationOf(row));

/** The columns that clear a dedication (a donor's data erased). */
export const noDedication: DedicationColumns = dedicationColumns(null);
