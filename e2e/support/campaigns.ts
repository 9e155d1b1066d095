import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, OWNER } from './admin';
import { apiSignIn } from './second-factor';

/** A campaign as the office's API answers it, with the headers of the office's next writes. */
interface SeededCampaign {
  headers: { 'x-csrf-token': string };
  campaign: { id: string; slug: string; endsAt: string; openUntil: string | null };
}

/** A slug no earlier run took: the browser tests' database outlives a run. */
export const freshSlug = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * Signs `request` in as the owner and publishes a campaign through the office's API, running
 * from an hour ago for a day unless `data` says otherwise. No Shabbat pause: the browser tests
 * run on the machine's clock, Friday evenings too.
 */
export async function publishCampaign(
  request: APIRequestContext,
  data: { slug: string; title: string } & Record<string, unknown>,
) {
  const csrfToken = await apiSignIn(request, '', OWNER, ADMIN_PASSWORD);
  const hour = 3_600_000;
  const body = {
    goal: 10_000,
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: new Date(Date.now() + 24 * hour).toISOString(),
    pauseForShabbat: false,
    status: 'published',
    ...data,
  };
  const made = await request.post('/api/admin/campaigns', {
    headers: { 'x-csrf-token': csrfToken },
    data: body,
  });
  expect(made.status(), await made.text()).toBe(201);
  const { campaign } = (await made.json()) as Pick<SeededCampaign, 'campaign'>;
  return { campaign, csrfToken, body };
}

/**
 * The same, named by a slug `prefix` (the slug made fresh), with the headers of the office's
 * next writes.
 */
export async function seedLiveCampaign(
  request: APIRequestContext,
  prefix: string,
  data: { title: string } & Record<string, unknown>,
): Promise<SeededCampaign> {
  const { campaign, csrfToken } = await publishCampaign(request, {
    slug: freshSlug(prefix),
    ...data,
  });
  return { headers: { 'x-csrf-token': csrfToken }, campaign };
}

/** Gives `amount` dollars from the campaign's (or team's) page form, named in full on the wall. */
export async function giveFromCampaignPage(page: Page, amount: number) {
  const form = page.locator('form#give');
  await form.getByRole('radio', { name: 'Other' }).check();
  await form.getByLabel(/Other amount/).fill(String(amount));
  await form.getByRole('radio', { name: 'My full name and the amount' }).check();
  await form.getByRole('button', { name: `Give $${amount}` }).click();
}
