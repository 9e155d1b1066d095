import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '~tests/helpers/admin';
import { photoMessages } from '~/server/features/site-photos';
import {
  setUpMediaTestApp,
  expectPhotoRefusals,
  postPhoto,
} from '~/server/services/media/media-test-kit';
import { teamShareText } from '~/shared/campaign-share';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { phonePhoto } from '~tests/helpers/photos';

/**
 * The team's page: its photo, uploaded by the office as the campaign's is and shown with the
 * team's name as its alt text (a new one replaces it, the old sizes leave the media store; the
 * snapshot's teams go without it), and its share buttons, which send the team's link.
 */
const media = setUpMediaTestApp();
let campaign: { id: string; slug: string };
let team: { id: string; slug: string };
beforeAll(async () => {
  campaign = await liveCampaign(media.app, media.app.admin, { title: 'Team photo day' });
  team = await addTeam(media.app, media.app.admin, campaign.id, { name: 'The Levi Shiur' });
});

const photoUrl = (campaignId: string, teamId: string) =>
  `/api/admin/campaigns/${campaignId}/teams/${teamId}/photo`;

const upload = (
  data: Buffer,
  { campaignId = campaign.id, teamId = team.id, headers = media.app.admin.headers as object } = {},
) => postPhoto(media.app, photoUrl(campaignId, teamId), data, headers);

const teamView = async () =>
  (
    await media.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.slug}/teams/${team.slug}`,
    })
  ).json();
const served = async (src: string) =>
  (await media.app.inject({ method: 'GET', url: src.split(' ')[0]! })).statusCode;
const sizesOf = (photo: { srcset: string; sources: { srcset: string }[] }) =>
  [photo.srcset, ...photo.sources.map((s) => s.srcset)]
    .flatMap((set) => set.split(', '))
    .map((entry) => entry.split(' ')[0]!);

describe('POST /api/admin/campaigns/:id/teams/:teamId/photo', () => {
  it('refuses a visitor, a missing CSRF token, and a team that is not of this campaign', async () => {
    const photo = await phonePhoto();
    expect((await upload(photo, { headers: {} })).statusCode).toBe(401);
    const { cookie, origin } = media.app.admin.headers;
    expect((await upload(photo, { headers: { cookie, origin } })).statusCode).toBe(403);

    const other = await liveCampaign(media.app, media.app.admin);
    const unknown = await upload(photo, { teamId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This campaign has no such team.');
    expect((await upload(photo, { campaignId: other.id })).statusCode).toBe(404);
    expect((await upload(photo, { teamId: 'not-a-team' })).statusCode).toBe(400);
    expect((await teamView()).team.photo).toBeUndefined();
  });

  it('refuses a file that is not a photo, or too large, at the file field in plain words', async () => {
    await expectPhotoRefusals(upload, photoMessages);
    const empty = await media.app.inject({
      method: 'POST',
      url: photoUrl(campaign.id, team.id),
      headers: media.app.admin.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(415);
    expect((await teamView()).team.photo).toBeUndefined();
  });

  it('shows the photo on the team page with the team name as alt, not in the snapshot; audited', async () => {
    const res = await upload(await phonePhoto());
    expect(res.statusCode, res.body).toBe(200);
    const { photo } = res.json();
    expect(photo).toMatchObject({ alt: 'The Levi Shiur', width: 600, height: 1000 });
    expect(photo.src).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    expect((await teamView()).team.photo).toEqual(photo);
    const snapshot = (
      await media.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.slug}` })
    ).json();
    expect(snapshot.teams).toEqual([expect.objectContaining({ slug: team.slug })]);
    expect(snapshot.teams[0].photo).toBeUndefined();

    const page = await media.app.inject({
      method: 'GET',
      url: `/campaign/${campaign.slug}/team/${team.slug}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<img[^>]*alt="The Levi Shiur"/);
    // The campaign page's responsive sizes, WebP first.
    expect(page.body).toContain('sizes="(min-width: 1152px) 1104px, 100vw"');
    expect(page.body).toMatch(/<source type="image\/webp" srcset="\/media\/[^"]+\.webp 480w/i);

    const listed = await media.app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaign.id}/teams`,
      headers: media.app.admin.headers,
    });
    expect(listed.json().teams[0].photo).toEqual(photo);
    const audited = await auditEntries(
      media.app,
      'team-photo-added',
      `campaign:${campaign.slug}/team:${team.slug}`,
    );
    expect(audited.map((entry) => entry.details)).toEqual([{ replaced: false }]);
  });

  it('replaces the photo: the new sizes are served, the old ones removed from the media store', async () => {
    const before = (await teamView()).team.photo;
    const oldSizes = sizesOf(before);
    expect(oldSizes.length).toBeGreaterThanOrEqual(2);
    for (const src of oldSizes) expect(await served(src)).toBe(200);

    const res = await upload(await phonePhoto());
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().photo;
    expect(after.src).not.toBe(before.src);
    expect((await teamView()).team.photo).toEqual(after);
    for (const src of sizesOf(after)) expect(await served(src)).toBe(200);
    for (const src of oldSizes) expect(await served(src)).toBe(404);
  });
});

describe('the team page’s share buttons', () => {
  /** The links' text as the server writes them into the page's HTML. */
  const inHtml = (text: string) => encodeURIComponent(text).replace(/'/g, '&#x27;');

  it('send the office’s message headed by the team’s name, with the team’s link', async () => {
    const shared = await liveCampaign(media.app, media.app.admin, {
      title: 'Share day',
      shareText: 'Every gift is doubled today!',
    });
    const katz = await addTeam(media.app, media.app.admin, shared.id);
    const path = `/campaign/${shared.slug}/team/${katz.slug}`;
    const page = await media.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const sent = `The Katz Family: Every gift is doubled today! ${media.app.env.PUBLIC_URL}${path}`;
    expect(page.body).toContain(`href="https://api.whatsapp.com/send?text=${inHtml(sent)}"`);
    expect(page.body).toContain(`href="sms:?&amp;body=${inHtml(sent)}"`);
  });

  it('without the office’s message, send one naming the team and the campaign', async () => {
    const plain = await liveCampaign(media.app, media.app.admin, { title: 'Plain day' });
    const katz = await addTeam(media.app, media.app.admin, plain.id);
    const path = `/campaign/${plain.slug}/team/${katz.slug}`;
    const page = await media.app.inject({ method: 'GET', url: path });
    const text = teamShareText(null, 'Plain day', 'The Katz Family');
    expect(text).toContain('Plain day through The Katz Family');
    const sent = `${text} ${media.app.env.PUBLIC_URL}${path}`;
    expect(page.body).toContain(`href="https://api.whatsapp.com/send?text=${inHtml(sent)}"`);
  });
});
