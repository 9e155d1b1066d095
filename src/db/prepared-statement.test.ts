import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database';
import type { DatabaseHandle } from './client';
import { insertManyTemplate } from './insert-many';
import { oneStatement } from './one-statement';
import { prepareStatement } from './prepared-statement';
import { pgTable, text, integer } from 'drizzle-orm/pg-core';

/** A table made for this test. */
const marks = pgTable('prepared_statement_marks', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  note: text('note'),
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table prepared_statement_marks (key text primary key, n integer not null, note text)`,
  );
});
afterAll(() => database.close());

const insert = insertManyTemplate(marks, 'mark', ['key', 'n'], {
  skipConflictOn: marks.key,
  onlyIf: sql`${sql.placeholder('write')}::boolean`,
  computed: [[marks.note, sql`'computed'`]],
  returning: { key: marks.key },
});
const statement = prepareStatement(
  'prepared_statement_test',
  oneStatement(
    [['written', insert.query], null],
    sql`select (select count(*)::int from written) as written, ${sql.placeholder('echo')}::text as echo`,
  ),
);
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ key: `k${from + i}`, n: from + i }));
const stored = () => database.db.select().from(marks).orderBy(marks.n);

describe('a statement built once, run with new values each time', () => {
  it('runs with any number of rows, none included, on the database’s own connections', async () => {
    const run = (values: ReturnType<typeof rows>, write = true) =>
      statement.run(database, { ...insert.values(values), write, echo: 'said' });
    expect(await run(rows(3))).toEqual([{ written: 3, echo: 'said' }]);
    expect(await run([])).toEqual([{ written: 0, echo: 'said' }]);
    // A key already there is skipped; `onlyIf` false writes nothing.
    expect(await run(rows(5))).toEqual([{ written: 2, echo: 'said' }]);
    expect(await run(rows(2, 10), false)).toEqual([{ written: 0, echo: 'said' }]);
    expect((await stored()).map(({ key, note }) => [key, note])).toEqual(
      rows(5).map(({ key }) => [key, 'computed']),
    );
  });

  it('runs inside a caller’s transaction with the same values, and rolls back with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const result = await tx.execute(
          statement.withValues({ ...insert.values(rows(2, 20)), write: true, echo: 'inside' }),
        );
        const answered = (result as unknown as { rows: unknown[] }).rows;
        expect(answered).toEqual([{ written: 2, echo: 'inside' }]);
        throw new Error('a later statement failed');
      }),
    ).rejects.toThrow('a later statement failed');
    expect((await stored()).some(({ key }) => key === 'k20')).toBe(false);
  });

  it('refuses to run without a value for each placeholder', () => {
    expect(() => statement.withValues({ ...insert.values(rows(1)), write: true })).toThrow(
      'no value for echo',
    );
  });
});
