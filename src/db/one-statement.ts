import { sql, type SQL } from 'drizzle-orm';

/** One part of `oneStatement`: a name later parts and the final select may read, and its query. */
export type StatementPart = readonly [name: string, query: SQL];

/**
 * Several writes as one statement: `with a as (insert …), b as (insert …) select …` (issue 20).
 * A statement is atomic on its own, so writes that must land together need no BEGIN and COMMIT
 * around them: one round trip instead of one per statement plus two. Every part runs, read or
 * not, against the same snapshot: a part sees none of the others' rows except through their
 * `returning` (read them by name). Parts whose name is null are left out (nothing to write).
 */
export function oneStatement(parts: (StatementPart | null)[], select: SQL): SQL {
  const present = parts.filter((part): part is StatementPart => part !== null);
  if (present.length === 0) return select;
  const ctes = present.map(([name, query]) => sql`${sql.identifier(name)} as (${query})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${select}`;
}
