import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { offlineGiftPhotos } from '~/db/schema';
import { photoMessages } from '~/server/features/site-photos';
import { auditEntries } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { recordOfflineGift } from '~tests/helpers/offline-gifts';
import { phonePhoto } from '~tests/helpers/photos';
import { setUpMediaTestApp, multipart, sample } from '~/server/services/media/media-test-kit';

const media = setUpMediaTestApp();

let receipt = 1000;
async function recordGift() {
  receipt += 1;
  return recordOfflineGift(media.app, media.app.admin.headers, { reference: String(receipt) });
}

const photoUrl = (id: string) => `/api/admin/offline-gifts/${id}/photo`;

function upload(id: string, data: Buffer, filename = 'cheque.jpg', contentType = 'image/jpeg') {
  const form = multipart({}, [{ field: 'file', filename, contentType, data }]);
  return media.app.inject({
    method: 'POST',
    url: photoUrl(id),
    payload: form.payload,
    headers: { ...media.app.admin.headers, ...form.headers },
  });
}

const photoRows = (id: string) =>
  media.app.database.db
    .select()
    .from(offlineGiftPhotos)
    .where(eq(offlineGiftPhotos.donationId, id));

const listed = async (id: string) => {
  const res = await media.app.inject({
    url: '/api/admin/offline-gifts',
    headers: media.app.admin.headers,
  });
  return (res.json().gifts as { id: string; hasPhoto: boolean }[]).find((g) => g.id === id);
};

describe('the photo of a cheque or voucher', () => {
  it('keeps it upright without its EXIF or GPS position, private to the office, and audited', async () => {
    const gift = await recordGift();
    const input = await phonePhoto();
    expect(input.includes(Buffer.from('WGS-84'))).toBe(true);
    expect((await listed(gift.id))?.hasPhoto).toBe(false);

    const res = await upload(gift.id, input);
    expect(res.statusCode, res.body).toBe(204);

    const served = await media.app.inject({
      url: photoUrl(gift.id),
      headers: media.app.admin.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('no-store');
    const file = served.rawPayload;
    const metadata = await sharp(file).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(file.includes(Buffer.from('WGS-84'))).toBe(false);
    expect(file.includes(Buffer.from('PhoneCam'))).toBe(false);
    // Upright: taller than wide.
    expect([metadata.width, metadata.height]).toEqual([600, 1000]);

    // Nothing went to the media folder, which /media serves to anyone.
    const inMediaFolder = existsSync(media.app.mediaDir)
      ? (await readdir(media.app.mediaDir)).filter((name) => !name.startsWith('.'))
      : [];
    expect(inMediaFolder).toEqual([]);

    expect(
      await auditEntries(media.app, 'offline-gift-photo-added', gift.receiptNumber),
    ).toHaveLength(1);
    expect((await listed(gift.id))?.hasPhoto).toBe(true);
  });

  it('is refused to a visitor without a session, and cannot be sent without one', async () => {
    const gift = await recordGift();
    expect((await upload(gift.id, await phonePhoto())).statusCode).toBe(204);
    const read = await media.app.inject({ url: photoUrl(gift.id) });
    expect(read.statusCode).toBe(401);
    expect(read.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    const form = multipart({}, [
      { field: 'file', filename: 'c.jpg', contentType: 'image/jpeg', data: await phonePhoto() },
    ]);
    const anonymous = await media.app.inject({ method: 'POST', url: photoUrl(gift.id), ...form });
    expect(anonymous.statusCode).toBe(401);
    const noToken = await media.app.inject({
      method: 'POST',
      url: photoUrl(gift.id),
      payload: form.payload,
      headers: { ...form.headers, cookie: media.app.admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(
      await auditEntries(media.app, 'offline-gift-photo-added', gift.receiptNumber),
    ).toHaveLength(1);
  });

  it('replaces the earlier photo with the next one', async () => {
    const gift = await recordGift();
    expect((await upload(gift.id, await phonePhoto())).statusCode).toBe(204);
    const png = await sharp({
      create: { width: 700, height: 300, channels: 3, background: '#eee' },
    })
      .png()
      .toBuffer();
    expect((await upload(gift.id, png, 'voucher.png', 'image/png')).statusCode).toBe(204);

    const rows = await photoRows(gift.id);
    expect(rows).toHaveLength(1);
    const served = await media.app.inject({
      url: photoUrl(gift.id),
      headers: media.app.admin.headers,
    });
    // An opaque PNG is kept as a JPEG, as Site Content's fallback is.
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([700, 300]);
    const audits = await auditEntries(media.app, 'offline-gift-photo-added', gift.receiptNumber);
    expect(audits.map((a) => (a.details as { replaced: boolean }).replaced).sort()).toEqual([
      false,
      true,
    ]);
  });

  it('takes a photo for a voided gift: the returned cheque', async () => {
    const gift = await recordGift();
    const voided = await media.app.inject({
      method: 'POST',
      url: `/api/admin/offline-gifts/${gift.id}/void`,
      headers: media.app.admin.headers,
      payload: { reason: 'Returned by the bank' },
    });
    expect(voided.statusCode).toBe(200);
    expect((await upload(gift.id, await phonePhoto())).statusCode).toBe(204);
    expect(await photoRows(gift.id)).toHaveLength(1);
  });

  it('is still shown as kept when the gift is voided', async () => {
    const gift = await recordGift();
    expect((await upload(gift.id, await phonePhoto())).statusCode).toBe(204);
    const voided = await media.app.inject({
      method: 'POST',
      url: `/api/admin/offline-gifts/${gift.id}/void`,
      headers: media.app.admin.headers,
      payload: { reason: 'Typed twice' },
    });
    expect(voided.json().gift.hasPhoto).toBe(true);
  });
});

describe('a photo refused', () => {
  it('refuses a file that is not a photo on the file field, keeping nothing', async () => {
    const gift = await recordGift();
    const res = await upload(gift.id, Buffer.from('Cheque 1042, $180.\n'.repeat(20)));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fields).toEqual({ file: photoMessages.notAnImage });
    expect(await photoRows(gift.id)).toEqual([]);
    expect(await auditEntries(media.app, 'offline-gift-photo-added', gift.receiptNumber)).toEqual(
      [],
    );
  });

  it('asks for a photo when the form has none', async () => {
    const gift = await recordGift();
    const form = multipart({});
    const res = await media.app.inject({
      method: 'POST',
      url: photoUrl(gift.id),
      payload: form.payload,
      headers: { ...media.app.admin.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toMatch(/Choose a photo/);
  });

  it('refuses a photo over the size limit, saying the limit', async () => {
    const gift = await recordGift();
    const res = await upload(gift.id, sample.jpeg(1024 * 1024 + 10));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields).toEqual({ file: photoMessages.tooLarge(1) });
    expect(await photoRows(gift.id)).toEqual([]);
  });

  it('answers 404 for a gift that is not in the ledger, and for a website gift', async () => {
    const unknown = await upload('0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a', await phonePhoto());
    expect(unknown.statusCode).toBe(404);
    const [card] = await insertDonations(media.app, [{ email: 'card@example.org' }]);
    expect((await upload(card!.id, await phonePhoto())).statusCode).toBe(404);
    expect(await photoRows(card!.id)).toEqual([]);
    const notAnId = await upload('not-a-gift', await phonePhoto());
    expect(notAnId.statusCode).toBe(400);
  });

  it('answers 404 to reading the photo of a gift without one', async () => {
    const gift = await recordGift();
    const res = await media.app.inject({
      url: photoUrl(gift.id),
      headers: media.app.admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no photo/);
  });
});
