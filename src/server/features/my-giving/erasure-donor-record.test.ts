import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { donations, donors } from '~/db/schema';
import { buildTestApp } from '../../../../tests/helpers/app';
import { insertDonations } from '../../../../tests/helpers/donations';
import { eraseDonor, erasedMark } from './donor-data';

/** Erasing an address erases its donor record too, and its gifts stay with that record (ADR 053). */

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const recordsNamed = (email: string) =>
  app.database.db
    .select()
    .from(donors)
    .where(sql`lower(${donors.email}) = ${email}`);
const recordOfGift = async (id: string) =>
  (await app.database.db.select().from(donations).where(eq(donations.id, id)))[0]!.donorId;

it('leaves no name, address or email on the record, and a second erasure joins the first', async () => {
  const email = 'forget.me@example.org';
  const [first] = await insertDonations(app, [
    { email, donorName: 'Forget Me', postalAddress: '1 Hidden Way' },
  ]);
  const [before] = await recordsNamed(email);
  const erase = () => app.database.db.transaction((tx) => eraseDonor(tx, email));
  expect(await erase()).toBe(erasedMark(email));

  expect(await recordsNamed(email)).toEqual([]);
  const [erased] = await recordsNamed(erasedMark(email));
  expect(erased).toMatchObject({ id: before!.id, name: 'Erased donor', postalAddress: null });
  expect(await recordOfGift(first!.id)).toBe(before!.id);
  const [gift] = await app.database.db.select().from(donations).where(eq(donations.id, first!.id));
  expect(gift).toMatchObject({ donorName: 'Erased donor', postalAddress: null });

  // They gave again, then asked again: the new record joins the erased one.
  const [second] = await insertDonations(app, [{ email, donorName: 'Forget Me' }]);
  expect(await recordOfGift(second!.id)).not.toBe(before!.id);
  await erase();
  expect(await recordOfGift(second!.id)).toBe(before!.id);
  expect(await recordsNamed(email)).toEqual([]);
});
