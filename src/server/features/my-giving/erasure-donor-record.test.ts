import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  campaignOptOuts,
  campaignThankYous,
  campaigns,
  donations,
  donors,
  offlineGiftPhotos,
} from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { eraseDonor } from './erase-donor';
import { erasedMark } from './erased-mark';

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

it("deletes the photos of the erased donor's cheques, and no one else's", async () => {
  const [theirs, others] = await insertDonations(app, [
    { email: 'cheque.writer@example.org', paymentMethod: 'offline', offlineMethod: 'check' },
    { email: 'someone.else@example.org', paymentMethod: 'offline', offlineMethod: 'check' },
  ]);
  const photo = (donationId: string) => ({
    donationId,
    contentType: 'image/jpeg',
    byteLength: 3,
    data: Buffer.from([0xff, 0xd8, 0xff]),
  });
  await app.database.db.insert(offlineGiftPhotos).values([photo(theirs!.id), photo(others!.id)]);
  await app.database.db.transaction((tx) => eraseDonor(tx, 'cheque.writer@example.org'));

  const left = await app.database.db.select().from(offlineGiftPhotos);
  expect(left.map((row) => row.donationId)).toEqual([others!.id]);
  expect(left[0]!.data).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  // The gift itself stays, erased: the books still count it.
  expect(await recordOfGift(theirs!.id)).not.toBeNull();
});

it('deletes the erased donor\'s "Don\'t ask me again" and "thanked", and no one else\'s', async () => {
  const [campaign] = await app.database.db
    .insert(campaigns)
    .values({
      slug: 'erasure-opt-out',
      title: 'Erasure day',
      goalCents: 100_000,
      startsAt: new Date('2026-12-01T00:00:00Z'),
      endsAt: new Date('2026-12-02T00:00:00Z'),
    })
    .returning({ id: campaigns.id });
  await app.database.db.insert(campaignOptOuts).values([
    { campaignId: campaign!.id, email: 'quiet.please@example.org' },
    { campaignId: campaign!.id, email: 'someone.else@example.org' },
  ]);
  await app.database.db.insert(campaignThankYous).values([
    { campaignId: campaign!.id, email: 'quiet.please@example.org' },
    { campaignId: campaign!.id, email: 'someone.else@example.org' },
  ]);
  await app.database.db.transaction((tx) => eraseDonor(tx, 'quiet.please@example.org'));
  const left = await app.database.db.select().from(campaignOptOuts);
  expect(left.map((row) => row.email)).toEqual(['someone.else@example.org']);
  const thanked = await app.database.db.select().from(campaignThankYous);
  expect(thanked.map((row) => row.email)).toEqual(['someone.else@example.org']);
});
