import { asc, eq, sql } from 'drizzle-orm';
import {
  bigint,
  integer,
  jsonb,
  PgDialect,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '~tests/helpers/database';
import type { DatabaseHandle } from './client';
import { insertMany, insertManyQuery } from './insert-many';

/** A table of every kind of column the app inserts many of, made for this test. */
const notes = pgTable('insert_many_notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique(),
  body: text('body'),
  data: jsonb('data'),
  at: timestamp('at', { withTimezone: true }),
  kind: text('kind').notNull().default('plain'),
  token: text('token').$defaultFn(() => `token-${(tokens += 1)}`),
  code: varchar('code', { length: 3 }),
  big: bigint('big', { mode: 'number' }),
  touched: text('touched').$onUpdate(() => 'filled'),
});
let tokens = 0;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    create table insert_many_notes (
      id integer primary key generated always as identity,
      key text not null unique,
      body text,
      data jsonb,
      at timestamptz,
      kind text not null default 'plain',
      token text,
      code varchar(3),
      big bigint,
      touched text
    )`);
});
afterAll(() => database.close());

const all = () => database.db.select().from(notes).orderBy(asc(notes.id));
const clear = () => database.db.delete(notes);

describe('insertMany: many rows in one statement of a fixed size', () => {
  it('stores what drizzle’s own insert stores, text of every shape included', async () => {
    await clear();
    const at = new Date('2026-11-25T09:30:00.123Z');
    const rows = [
      { key: 'a', body: 'plain words', data: { tier: 'spark', names: ['Sarah bas Rivka'] }, at },
      { key: 'b', body: 'quotes " and \\ backslashes, {braces} and commas', data: 'a string' },
      { key: 'c', body: null, data: null, at: null },
      { key: 'd', body: 'NULL', data: [1, { nested: true }], at },
      { key: 'e', body: 'שלום, עליכם — “curly”', data: { empty: '' } },
    ];
    await insertMany(database.db, notes, rows);
    const viaArrays = await all();
    await clear();
    await database.db.insert(notes).values(rows);
    const viaDrizzle = await all();
    const strip = ({ id: _, token: __, ...rest }: (typeof viaArrays)[number]) => rest;
    expect(viaArrays.map(strip)).toEqual(viaDrizzle.map(strip));
    expect(viaArrays.map((row) => row.kind)).toEqual(Array(5).fill('plain'));
    expect(viaArrays[0]!.at).toEqual(at);
    expect(viaArrays[3]!.body).toBe('NULL');
  });

  it('fills a column’s $defaultFn for each row, and leaves the others to the database', async () => {
    await clear();
    tokens = 0;
    await insertMany(database.db, notes, [
      { key: 'f' },
      { key: 'g', token: 'given' },
      { key: 'h' },
    ]);
    expect((await all()).map(({ key, token, kind }) => ({ key, token, kind }))).toEqual([
      { key: 'f', token: 'token-1', kind: 'plain' },
      { key: 'g', token: 'given', kind: 'plain' },
      { key: 'h', token: 'token-2', kind: 'plain' },
    ]);
  });

  it('refuses a value longer than its column, as drizzle’s insert does, instead of cutting it', async () => {
    await clear();
    await expect(
      insertMany(database.db, notes, [{ key: 'long', code: 'abcdef' }]),
    ).rejects.toThrow();
    await insertMany(database.db, notes, [{ key: 'short', code: 'abc' }]);
    expect((await all()).map(({ key, code }) => ({ key, code }))).toEqual([
      { key: 'short', code: 'abc' },
    ]);
  });

  it('fills $onUpdate for a row without a value, as drizzle’s insert does', async () => {
    await clear();
    await insertMany(database.db, notes, [{ key: 'a' }, { key: 'b', touched: 'given' }]);
    expect((await all()).map(({ touched }) => touched)).toEqual(['filled', 'given']);
  });

  it('returns its columns mapped as a select maps them, on either driver', async () => {
    await clear();
    const returned = await insertMany<typeof notes, { big: number; at: Date }>(
      database.db,
      notes,
      [{ key: 'mapped', big: 9_007_199_254, at: new Date('2026-11-25T10:00:00Z') }],
      { returning: { big: notes.big, at: notes.at } },
    );
    expect(returned).toEqual([{ big: 9_007_199_254, at: new Date('2026-11-25T10:00:00Z') }]);
  });

  it('skips a row whose key is there and returns only the rows it stored', async () => {
    await clear();
    await insertMany(database.db, notes, [{ key: 'kept', body: 'first' }]);
    const returned = await insertMany<typeof notes, { key: string }>(
      database.db,
      notes,
      [
        { key: 'kept', body: 'second' },
        { key: 'new', body: 'new' },
      ],
      { skipConflictOn: notes.key, returning: { key: notes.key } },
    );
    expect(returned).toEqual([{ key: 'new' }]);
    const [kept] = await database.db.select().from(notes).where(eq(notes.key, 'kept'));
    expect(kept!.body).toBe('first');
  });

  it('writes inside the caller’s transaction: a failure later in it leaves nothing', async () => {
    await clear();
    await expect(
      database.db.transaction(async (tx) => {
        await insertMany(tx, notes, [{ key: 'gone' }]);
        throw new Error('a later statement failed');
      }),
    ).rejects.toThrow('a later statement failed');
    expect(await all()).toEqual([]);
  });

  it('has the same text for one row as for a hundred', () => {
    const dialect = new PgDialect();
    const text = (n: number) =>
      dialect.sqlToQuery(
        insertManyQuery(
          notes,
          Array.from({ length: n }, (_, i) => ({ key: `k${i}`, body: 'b' })),
          { skipConflictOn: notes.key, returning: { id: notes.id } },
        ),
      );
    expect(text(100).sql).toBe(text(1).sql);
    expect(text(100).params).toHaveLength(text(1).params.length);
    expect(text(1).sql).toBe(
      'insert into "insert_many_notes" ("key", "body", "token", "touched") select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) on conflict ("key") do nothing returning "id" as "id"',
    );
  });

  it('refuses what one statement over arrays cannot say', () => {
    expect(() => insertManyQuery(notes, [])).toThrow('at least one row');
    // `kind` has a default: drizzle would write DEFAULT for the row without it.
    expect(() => insertManyQuery(notes, [{ key: 'x', kind: 'loud' }, { key: 'y' }])).toThrow(
      'every row or none must give kind',
    );
    // Drizzle's types let SQL through for a value; these do not, and the guard says so anyway.
    const upper = sql`upper('a')` as unknown as string;
    expect(() => insertManyQuery(notes, [{ key: 'x', body: upper }])).toThrow(
      'takes values, not SQL',
    );
  });
});
