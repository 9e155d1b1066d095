import { expect, test, type Page } from '@playwright/test';
import { trackPageErrors } from './public-site';

/** The administrators scripts/e2e-server.mjs creates, and their password. */
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e correct horse battery staple';
export const OWNER = 'e2e-owner';
export const ADMIN = 'e2e-admin';

/**
 * Fails each test of the file whose page logged an error. The browser logs every 4xx answer as a
 * failed resource: those are expected here (401 before sign-in, the error cases).
 */
export function failOnPageErrors() {
  let pageErrors: string[] = [];
  test.beforeEach(({ page }) => {
    pageErrors = trackPageErrors(page);
  });
  test.afterEach(() => {
    expect(pageErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
}

/** Signs `page`'s browser in through the API, as the sign-in page would. */
export async function signInByApi(page: Page, username = OWNER, password = ADMIN_PASSWORD) {
  const response = await page.request.post('/api/admin/login', { data: { username, password } });
  expect(response.status()).toBe(200);
}
