import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { donorWhere, hasTrigram } from './donor-filters';
import { SEARCH_COUNT_AHEAD } from './list-donors';

let app: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'donor-searcher' }));
  await insertDonations(app, [
    { donorName: 'Sarah Cohen', email: 'Sarah.Cohen@Example.org' },
    { donorName: 'שרה כהן', email: 'sarah.k@example.net' },
    { donorName: 'משה כ"ץ', email: 'moshe@example.net' },
    { donorName: 'Dov_Ber Stern', email: 'dov_ber@example.org' },
    { donorName: 'Dovxber Weiss', email: 'dovxber@example.org' },
    { donorName: '50% Klein', email: 'klein@example.org' },
    { donorName: '500 Klein', email: 'k500@example.org' },
    { donorName: 'Back\\slash Levi', email: 'levi@example.org' },
    { donorName: null, email: null },
  ]);
});
afterAll(() => app.close());

/**
 * The plan of a search for `term`. A handful of rows would be read whole: that is forbidden, so
 * the plan shows what the query can use.
 */
function planOf(term: string) {
  return app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const query = tx
      .select({ id: donations.id })
      .from(donations)
      .where(donorWhere({ search: term }, 'UTC'));
    const result = await tx.execute(sql`explain ${query}`);
    const { rows } = result as unknown as { rows: Record<string, string>[] };
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

async function search(term: string) {
  const res = await app.inject({
    url: `/api/admin/donors?search=${encodeURIComponent(term)}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().donors as { name: string | null }[]).map((d) => d.name).sort();
}

describe('the donor search (name or email, any case, any part)', () => {
  it('finds by part of the email or the name, whatever the case', async () => {
    expect(await search('ah.coh')).toEqual(['Sarah Cohen']);
    expect(await search('EXAMPLE.ORG')).toHaveLength(6);
    expect(await search('sARAH')).toEqual(['Sarah Cohen', 'שרה כהן']);
    expect(await search('rah co')).toEqual(['Sarah Cohen']);
  });

  it('finds Hebrew names, also by one or two letters', async () => {
    expect(await search('כהן')).toEqual(['שרה כהן']);
    expect(await search('שרה')).toEqual(['שרה כהן']);
    expect(await search('כ"ץ')).toEqual(['משה כ"ץ']);
    expect(await search('ה')).toEqual(['משה כ"ץ', 'שרה כהן']);
  });

  it('takes %, _ and \\ as themselves, not as patterns', async () => {
    expect(await search('50%')).toEqual(['50% Klein']);
    expect(await search('dov_ber')).toEqual(['Dov_Ber Stern']);
    expect(await search('_')).toEqual(['Dov_Ber Stern']);
    expect(await search('%')).toEqual(['50% Klein']);
    expect(await search('k\\s')).toEqual(['Back\\slash Levi']);
    expect(await search('nobody')).toEqual([]);
  });

  it('finds a term of one or two letters anywhere, inside a word too', async () => {
    expect(await search('AH')).toEqual(['Sarah Cohen', 'שרה כהן']);
    expect(await search('h c')).toEqual(['Sarah Cohen']);
    expect(await search('שה')).toEqual(['משה כ"ץ']);
    expect(await search('ץ')).toEqual(['משה כ"ץ']);
    expect(await search('.k')).toEqual(['שרה כהן']);
    expect(await search('zq')).toEqual([]);
  });

  it('is answered from the trigram indexes of both columns', async () => {
    const plan = await planOf('cohen');
    expect(plan).toContain('donations_donor_name_trgm_idx');
    expect(plan).toContain('donations_email_trgm_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('looks up a term without three letters or digits in a row by its pairs of letters', async () => {
    expect([hasTrigram('cohen'), hasTrigram('ah.coh'), hasTrigram('500')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([hasTrigram('zq'), hasTrigram('כהן'), hasTrigram('50%'), hasTrigram('a.b.c')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    for (const term of ['zq', 'כ"ץ', 'ה']) {
      const plan = await planOf(term);
      expect(plan, term).toContain('donations_search_grams_idx');
      expect(plan, term).not.toContain('Seq Scan');
    }
  });

  it('counts at most 1,000 matches past the page', async () => {
    await app.database.db.execute(sql`
      insert into donations (donor_name, email, amount_cents, donation_type, payment_method,
        payment_status)
      select 'Many Mizrahi ' || i, 'many' || i || '@example.com', 1800, 'onetime', 'ojc', 'pending'
      from generate_series(1, ${SEARCH_COUNT_AHEAD + 30}) as i`);
    const page = async (query: string) =>
      (
        await app.inject({ url: `/api/admin/donors?${query}`, headers: { cookie: admin.cookie } })
      ).json();
    expect(await page('search=mizrahi')).toMatchObject({
      total: SEARCH_COUNT_AHEAD,
      totalIsExact: false,
    });
    expect(await page('search=mizrahi&offset=25')).toMatchObject({
      total: SEARCH_COUNT_AHEAD + 25,
      totalIsExact: false,
    });
    // Without a search the count goes on (to 10,000).
    expect(await page('status=pending')).toMatchObject({
      total: SEARCH_COUNT_AHEAD + 30,
      totalIsExact: true,
    });
  });
});
