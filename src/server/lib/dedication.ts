import type { DedicationKind } from '~/shared/domain';

/** A row's dedication, or null: the columns are both set or both empty. */
export function dedicationOf(row: {
  dedicationKind: DedicationKind | null;
  dedicationName: string | null;
}) {
  return row.dedicationKind && row.dedicationName
    ? { kind: row.dedicationKind, name: row.dedicationName }
    : null;
}
