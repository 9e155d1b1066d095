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

/** The dashboard's sections: links in a navigation, one address each (`/admin?section=…`). */
export function sectionNav(page: Page) {
  return page.getByRole('navigation', { name: 'Administration sections' });
}

export function sectionLink(page: Page, name: string) {
  return sectionNav(page).getByRole('link', { name, exact: true });
}

/** The open section: a region named as its link. */
export function sectionRegion(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Opens a section from the navigation; answers its region once its heading shows. */
export async function openSection(page: Page, name: string) {
  await sectionLink(page, name).click();
  const region = sectionRegion(page, name);
  await expect(region.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  return region;
}

/** The gifts listed in Gifts Received under this donor's name. */
export function giftsReceivedFrom(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Recent gifts received' })
    .getByRole('listitem')
    .filter({ hasText: name });
}
