import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '~tests/helpers/admin';
import { photoMessages } from '~/server/features/site-photos';
import {
  setUpMediaTestApp,
  expectPhotoRefusals,
  postPhoto,
} from '~/server/services/media/media-test-kit';
import { liveCampaign } from '~tests/helpers/campaigns';
import { phonePhoto } from '~tests/helpers/photos';

/**
 * The campaign's photo: uploaded by the office through the site content's photo pipeline, shown
 * under the title with the title as its alt text; a new one replaces it.
 */
const media = setUpMediaTestApp();
let campaignId: string;
beforeAll(async () => {
  ({ id: campaignId } = await liveCampaign(media.app, media.app.admin, {
    slug: 'roof-day',
    title: 'A new roof for the shul',
    goal: 5000,
  }));
});

const upload = (data: Buffer, { id = campaignId, signedIn = true } = {}) =>
  postPhoto(
    media.app,
    `/api/admin/campaigns/${id}/photo`,
    data,
    signedIn ? media.app.admin.headers : {},
  );

describe('POST /api/admin/campaigns/:id/photo', () => {
  it('answers 401 to a visitor and 404 for an unknown campaign', async () => {
    expect((await upload(await phonePhoto(), { signedIn: false })).statusCode).toBe(401);
    const unknown = await upload(await phonePhoto(), {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a file that is not a photo, or too large, at the file field in plain words', async () => {
    await expectPhotoRefusals(upload, photoMessages);
    const page = await media.app.inject({ method: 'GET', url: '/api/campaigns/roof-day' });
    expect(page.json().photo).toBeUndefined();
  });

  it('keeps the photo in its sizes, shows it under the title with the title as alt text, audited', async () => {
    const res = await upload(await phonePhoto());
    expect(res.statusCode, res.body).toBe(200);
    const { photo } = res.json();
    expect(photo).toMatchObject({ alt: 'A new roof for the shul', width: 600, height: 1000 });
    expect(photo.src).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    const snapshot = (
      await media.app.inject({ method: 'GET', url: '/api/campaigns/roof-day' })
    ).json();
    expect(snapshot.photo).toEqual(photo);

    const page = await media.app.inject({ method: 'GET', url: '/campaign/roof-day' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<img[^>]*alt="A new roof for the shul"/);
    // The link preview is the share image with the live total, not the photo.
    expect(page.body).toContain(
      `<meta property="og:image" content="${media.app.env.PUBLIC_URL}/campaign/roof-day/share.png?v=${snapshot.version}">`,
    );

    const audited = await auditEntries(media.app, 'campaign-photo-added', 'campaign:roof-day');
    expect(audited).toHaveLength(1);
  });

  it('replaces the photo and removes the sizes of the one it replaced', async () => {
    const srcs = (photo: { srcset: string }) =>
      photo.srcset.split(', ').map((entry) => entry.split(' ')[0]!);
    const status = async (src: string) =>
      (await media.app.inject({ method: 'GET', url: src })).statusCode;
    const before = (
      await media.app.inject({ method: 'GET', url: '/api/campaigns/roof-day' })
    ).json();
    const res = await upload(await phonePhoto());
    expect(res.statusCode, res.body).toBe(200);
    for (const src of srcs(res.json().photo)) expect(await status(src)).toBe(200);
    for (const src of srcs(before.photo)) expect(await status(src)).toBe(404);
  });
});
