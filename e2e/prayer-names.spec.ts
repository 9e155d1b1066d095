import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, signInByApi } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectLinkSpent, linkIn, mailTo } from './support/mail';
import { gotoHydrated, trackApiRequests } from './support/public-site';

/**
 * ADRs 021 and 034: the names for prayer with JavaScript off. The emailed link shows
 * a button, which opens it on the server (a cookie session, the token out of the address); what
 * fetches the link before the giver (a mail scanner) spends nothing. Every form (ask for a link,
 * add, edit, renew, remove) posts to the page and comes back by a redirect, so a reload posts
 * nothing again. The givers are donors the e2e server seeds (site.config.ts lets donors give
 * names); their intentions are not the ones prayer-list.spec.ts counts. The last test runs the
 * same page with JavaScript: the same forms call the API instead, on the same cookie.
 */
test.use({ javaScriptEnabled: false });
failOnPageErrors();

interface StoredName {
  id: string;
  hebrewName: string;
  intention: string;
  note: string | null;
  renewedAt: string;
}

/** The giver's names as stored, through the names API with this browser's session cookie. */
async function storedNames(page: Page): Promise<StoredName[]> {
  const res = await page.request.get('/api/prayer-names');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { names: StoredName[] }).names;
}

/** Asks for the link without scripts and opens the one the mail brings. */
async function openEmailedLink(page: Page, email: string) {
  await page.goto('/prayer-names');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page).toHaveURL(/\/prayer-names\?sent=prayer-link#main$/);
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'a link to your names is on its way',
  );
  const link = new URL(
    linkIn(await mailTo(email, /Your names for prayer/), '/prayer-names?token='),
  );
  // A mail scanner fetches the link first, twice: the page it gets has only the button, and
  // nothing is spent.
  for (let i = 0; i < 2; i++) {
    const scanned = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
    expect(scanned.status()).toBe(200);
    expect(scanned.headers()['referrer-policy']).toBe('no-referrer');
    expect(await scanned.text()).not.toContain(email);
  }
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('main')).toContainText('It works once');
  expect((await page.context().cookies()).some((c) => c.name === 'tziyun_prayer')).toBe(false);
  await page.getByRole('button', { name: 'Open my names' }).click();
  // The token has left the address; the session is an HttpOnly cookie.
  await expect(page).toHaveURL(/\/prayer-names$/);
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'tziyun_prayer');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // Followed again in this browser: straight on to the names.
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/prayer-names$/);
  // Spent: opened in another browser, it is refused in plain words.
  await expectLinkSpent(page, link, 'Open my names');
}

/**
 * axe runs in the page, which it cannot without JavaScript: the same address, with the same
 * session and screen, in a browser with scripts (the server renders the same page).
 */
async function expectNoAxeViolationsHere(page: Page) {
  // Scripts on explicitly: a test's `use` options are the defaults of every new context.
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
  });
  await context.addCookies(await page.context().cookies());
  const twin = await context.newPage();
  await twin.goto(page.url());
  await expectNoAxeViolations(twin);
  await context.close();
}

const names = (page: Page) => page.getByRole('list', { name: 'Your names' }).getByRole('listitem');

test('open the link, add, edit, renew and remove a name, each stored once', async ({ page }) => {
  // The whole story in one test, with a mail to wait for and axe twice: more than the default.
  test.slow();
  const giver = 'donor29@example.org';
  await openEmailedLink(page, giver);
  await expect(page.getByText('Thank you for your gifts, E2E Donor 29.')).toBeVisible();
  await expect(page.getByText('You have not given any names yet.')).toBeVisible();

  // Refused: the messages and what was typed come back; nothing is stored.
  const add = page.getByRole('form', { name: 'Add a name' });
  await add.getByRole('textbox', { name: /^Hebrew name/ }).fill('Esther');
  await add.getByLabel('Mother’s Hebrew name').fill('לאה');
  await add.getByRole('button', { name: 'Add name' }).click();
  await expect(add.getByText('Hebrew name must be written in Hebrew letters')).toBeVisible();
  await expect(add.getByLabel('Mother’s Hebrew name')).toHaveValue('לאה');
  expect(await storedNames(page)).toEqual([]);

  await add.getByRole('textbox', { name: /^Hebrew name/ }).fill('אסתר');
  await add.getByLabel('Son or daughter of').selectOption({ label: 'Daughter of (bat)' });
  await add.getByLabel('Intention').selectOption({ label: 'Children' });
  await add.getByRole('button', { name: 'Add name' }).click();
  await expect(page).toHaveURL(/\/prayer-names\?sent=prayer-name#your-names$/);
  await expect(page.getByRole('status')).toHaveText('The name is on your list.');
  await expect(names(page)).toHaveCount(1);
  await expect(names(page)).toContainText('אסתר בת לאה');
  await page.reload();
  const [added] = await storedNames(page);
  expect(await storedNames(page)).toHaveLength(1);
  expect(added).toMatchObject({ hebrewName: 'אסתר', intention: 'children' });
  await expectNoAxeViolationsHere(page);

  // The office sees it on the list. Next week's: this week's is frozen once marked prayed
  // (prayer-list.spec.ts does), next week's stands as the names do now.
  await signInByApi(page);
  const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const list = (await (
    await page.request.get(`/api/admin/prayer-list?week=${nextWeek}`)
  ).json()) as {
    groups: { names: { id: string; giverEmail: string }[] }[];
  };
  expect(list.groups.flatMap((g) => g.names).filter((n) => n.id === added!.id)).toEqual([
    expect.objectContaining({ giverEmail: giver }),
  ]);

  // Edit: the name's own form; 'What to pray for' shows once Other is chosen, without scripts.
  await names(page).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${added!.id}#name-form$`));
  const edit = page.getByRole('form', { name: 'Edit a name' });
  await expect(edit.getByRole('textbox', { name: /^Hebrew name/ })).toHaveValue('אסתר');
  await expect(edit.getByLabel('What to pray for')).toBeHidden();
  await edit.getByLabel('Intention').selectOption({ label: 'Other' });
  await edit.getByLabel('What to pray for').fill('A new home');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\?sent=prayer-name-edit#your-names$/);
  await expect(page.getByRole('status')).toHaveText('Your changes to the name are saved.');
  await expect(names(page)).toContainText('Other: A new home');
  expect(await storedNames(page)).toEqual([
    expect.objectContaining({ id: added!.id, intention: 'other', note: 'A new home' }),
  ]);

  // Renew: stored once, however often the page is reloaded.
  await names(page).getByRole('button', { name: 'Renew' }).click();
  await expect(page).toHaveURL(/\?sent=prayer-name-renew#your-names$/);
  await expect(page.getByRole('status')).toContainText('The name is renewed');
  const [renewed] = await storedNames(page);
  expect(renewed!.renewedAt > added!.renewedAt).toBe(true);
  await page.reload();
  expect((await storedNames(page))[0]!.renewedAt).toBe(renewed!.renewedAt);

  // Remove asks first; Keep it changes nothing.
  await names(page).getByRole('link', { name: 'Remove' }).click();
  await expect(page.getByText('Remove this name from your list?')).toBeVisible();
  await expectNoAxeViolationsHere(page);
  await page.getByRole('link', { name: 'Keep it' }).click();
  await expect(page).toHaveURL(/\/prayer-names$/);
  expect(await storedNames(page)).toHaveLength(1);
  await names(page).getByRole('link', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page).toHaveURL(/\?sent=prayer-name-remove#your-names$/);
  await expect(page.getByRole('status')).toHaveText('The name is off your list.');
  await expect(page.getByText('You have not given any names yet.')).toBeVisible();
  await page.reload();
  expect(await storedNames(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('open the link, add a name and remove it', async ({ page }) => {
    await openEmailedLink(page, 'donor28@example.org');
    const add = page.getByRole('form', { name: 'Add a name' });
    await add.getByRole('textbox', { name: /^Hebrew name/ }).fill('יעקב');
    await add.getByLabel('Mother’s Hebrew name').fill('רחל');
    await add.getByLabel('Intention').selectOption({ label: 'Success' });
    await add.getByRole('button', { name: 'Add name' }).click();
    await expect(page.getByRole('status')).toHaveText('The name is on your list.');
    await expect(names(page)).toContainText('יעקב בן רחל');
    // Nothing runs off the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolationsHere(page);
    await names(page).getByRole('link', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page.getByText('You have not given any names yet.')).toBeVisible();
    expect(await storedNames(page)).toEqual([]);
  });
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('the same page edits, renews and removes through the API, on the same cookie', async ({
    page,
  }) => {
    const giver = 'donor27@example.org';
    await gotoHydrated(page, '/prayer-names');
    await page.getByRole('main').getByLabel('Email').fill(giver);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('on its way');
    const link = new URL(
      linkIn(await mailTo(giver, /Your names for prayer/), '/prayer-names?token='),
    );
    await gotoHydrated(page, link.pathname + link.search);
    await page.getByRole('button', { name: 'Open my names' }).click();
    await expect(page).toHaveURL(/\/prayer-names$/);
    const calls = trackApiRequests(page);

    const add = page.getByRole('form', { name: 'Add a name' });
    await add.getByRole('textbox', { name: /^Hebrew name/ }).fill('דוד');
    await add.getByLabel('Mother’s Hebrew name').fill('חנה');
    await add.getByLabel('Intention').selectOption({ label: 'Success' });
    await add.getByRole('button', { name: 'Add name' }).click();
    await expect(names(page)).toContainText('דוד בן חנה');

    await names(page).getByRole('link', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit a name' });
    await expect(edit.getByRole('textbox', { name: /^Hebrew name/ })).toBeFocused();
    await edit.getByLabel('English name (optional)').fill('David');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(names(page)).toContainText('David · Success');
    await expect(page.getByRole('form', { name: 'Add a name' })).toBeVisible();

    await names(page).getByRole('button', { name: 'Renew' }).click();
    await names(page).getByRole('link', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page.getByText('You have not given any names yet.')).toBeVisible();
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /api/prayer-names',
      expect.stringMatching(/^PUT \/api\/prayer-names\/[\w-]+$/),
      expect.stringMatching(/^POST \/api\/prayer-names\/[\w-]+\/renew$/),
      expect.stringMatching(/^DELETE \/api\/prayer-names\/[\w-]+$/),
    ]);
    expect(await storedNames(page)).toEqual([]);
  });
});
