import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, OWNER } from './admin';

/** A campaign as the office's API answers it, with the headers of the office's next writes. */
export interface SeededCampaign {
  headers: { 'x-csrf-token': string };
  campaign: { id: string; slug: string; endsAt: string; openUntil: string | null };
}

/**
 * A published campaign running now (from an hour ago to a day on), made through the office's API
 * as the owner: `prefix` starts its slug, `data` adds to or changes what is sent. No pause for
 * Shabbat: the browser tests run on the machine's clock, Friday evenings too.
 */
export async function seedLiveCampaign(
  request: APIRequestContext,
  prefix: string,
  data: Record<string, unknown>,
): Promise<SeededCampaign> {
  const login = await request.post('/api/admin/login', {
    data: { username: OWNER, password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': csrfToken };
  const hour = 3_600_000;
  const made = await request.post('/api/admin/campaigns', {
    headers,
    data: {
      slug: `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
      goal: 10_000,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + 24 * hour).toISOString(),
      pauseForShabbat: false,
      status: 'published',
      ...data,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { headers, campaign: ((await made.json()) as Pick<SeededCampaign, 'campaign'>).campaign };
}
