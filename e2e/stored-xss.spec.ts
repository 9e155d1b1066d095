import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { openSection, signInByApi } from './support/admin';
import { linkIn, mailTo } from './support/mail';
import { giveByOjcCard } from './support/ojc';
import { gotoHydrated, trackPageErrors, uniqueEmail } from './support/public-site';
import {
  commentsToggle,
  publishVideo,
  signInAsOwner,
  uniqueTitle,
  videoCard,
} from './support/videos';

/**
 * Stored XSS, swept: hostile text goes into every public field that is shown again somewhere
 * (the contact form, the membership application, a video comment, a donor's name and
 * dedication; the newsletter takes an email address alone, which must be a valid address), then
 * every page and mail that shows it is checked: the text is there as typed, no element or
 * attribute came out of it, no script ran (no dialog, and no CSP refusal, which would mean markup
 * got into the page and only the policy stopped it), and the mail's HTML part carries it escaped.
 * The comment flow's own test (videos.spec.ts) covers the moderation buttons; this one adds the
 * other payloads and the office's mail.
 */

const payload = {
  script: `<script>alert('script')</script>`,
  img: `<img src=x onerror=alert('img')>`,
  svg: `"><svg onload=alert('svg')>`,
  js: `javascript:alert('js')`,
};
const everything = Object.values(payload).join(' ');

/** A mark per test, so the rows of this run are found among earlier ones. */
const mark = () => `Xss${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let dialogs: string[] = [];
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  pageErrors = trackPageErrors(page);
});
test.afterEach(() => {
  expect(dialogs, 'a hostile string ran as script').toEqual([]);
  // A CSP refusal means markup from the data reached the DOM: as bad, even if nothing ran.
  expect(pageErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  expect(pageErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

/** The hostile texts are shown as typed in `scope`, and nothing in the page came out of them. */
async function expectShownInert(page: Page, scope: Locator, texts: string[]) {
  for (const text of texts) await expect(scope).toContainText(text);
  await expect(scope.locator('script, img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // Give a handler that slipped through the time to fire.
  await page.waitForTimeout(200);
  expect(dialogs).toEqual([]);
}

const entities: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&amp;': '&',
};

/** The mail's HTML part holds the texts, escaped: no tag or link came out of them. */
function expectEscapedInMail(mail: ParsedMail, texts: string[]) {
  const html = typeof mail.html === 'string' ? mail.html : '';
  expect(html, `${mail.subject}: an HTML part`).not.toBe('');
  expect(html).not.toMatch(/<\s*(script|svg)\b|<img[^>]*src=["']?x\b|href=["']?\s*javascript:/i);
  const decoded = html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (e) => entities[e]!);
  for (const text of texts) {
    expect(decoded, `${mail.subject}: ${text}`).toContain(text);
    // Escaped, not merely absent: the raw form is not in the markup.
    if (/[<>]/.test(text)) expect(html).not.toContain(text);
  }
}

async function openAdminTab(page: Page, name: string) {
  await signInByApi(page);
  await page.goto('/admin');
  return openSection(page, name);
}

test('a contact message: the admin inbox and the office mail show it as text; the acknowledgement none of it', async ({
  page,
}) => {
  const m = mark();
  const name = `${m} ${payload.svg}`;
  const message = `${m} ${everything}`;
  const email = uniqueEmail('xss-contact');
  const sent = await page.request.post('/api/contact', { data: { name, email, message } });
  expect(sent.status()).toBe(200);

  const panel = await openAdminTab(page, 'Messages');
  const row = panel.getByRole('row').filter({ hasText: m }).first();
  await expectShownInert(page, row, [name, message]);

  expectEscapedInMail(await mailTo('office@tziyun.org', new RegExp(`New message from ${m}`)), [
    name,
    message,
  ]);
  const ack = await mailTo(email, /We received your message/);
  expect(`${String(ack.html)} ${ack.text ?? ''} ${ack.subject ?? ''}`).not.toContain(m);
});

test('a membership application: the Applications tab and the office mail show it as text; the applicant’s mail none of it', async ({
  page,
}) => {
  const m = mark();
  const application = {
    firstName: payload.img,
    lastName: `${m} ${payload.svg}`,
    email: uniqueEmail('xss-join'),
    phone: '',
    membershipTier: 'spark',
    prayerIntentions: `${m} ${everything}`,
    message: `${m} ${payload.js} ${payload.script}`,
  };
  const sent = await page.request.post('/api/membership-applications', { data: application });
  expect(sent.status(), await sent.text()).toBe(200);

  const panel = await openAdminTab(page, 'Applications');
  const row = panel.getByRole('row').filter({ hasText: m }).first();
  await expectShownInert(page, row, [
    application.firstName,
    application.lastName,
    application.prayerIntentions,
  ]);

  const texts = [application.firstName, application.lastName];
  expectEscapedInMail(
    await mailTo('office@tziyun.org', new RegExp(`application from .*${m}`)),
    texts,
  );
  // The applicant's address has proven nothing yet: none of the typed text goes to it.
  const applicant = await mailTo(application.email, /your .* application/);
  const applicantText = `${String(applicant.html)} ${applicant.text ?? ''} ${applicant.subject ?? ''}`;
  expect(applicantText).not.toContain(m);
  expect(applicantText).not.toContain(application.firstName);
});

test('a video comment: moderation, the office’s mail, and the page once approved', async ({
  page,
}) => {
  const title = uniqueTitle('Xss teaching');
  const videoId = await publishVideo(page.request, {
    title,
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  });
  const m = mark();
  const comment = {
    authorName: payload.svg,
    authorEmail: uniqueEmail('xss-comment'),
    comment: `${m} ${payload.js} ${payload.svg} ${payload.img}`,
  };
  const sent = await page.request.post(`/api/videos/${videoId}/comments`, { data: comment });
  expect(sent.status()).toBe(200);

  await signInByApi(page);
  await page.goto('/admin/videos?tab=moderate');
  const moderate = page.getByRole('tabpanel', { name: 'Moderate Comments' });
  const row = moderate.getByRole('row').filter({ hasText: m });
  await expectShownInert(page, row, [comment.authorName, comment.comment]);

  expectEscapedInMail(
    await mailTo('office@tziyun.org', new RegExp(`New comment to review on “${title}”`)),
    [comment.authorName, comment.comment],
  );

  // Approved (as the moderation button does), then shown on /videos.
  const csrfToken = await signInAsOwner(page.request);
  const pending = await page.request.get('/api/admin/comments?status=pending&limit=100');
  const { comments } = (await pending.json()) as { comments: { id: string; comment: string }[] };
  const stored = comments.find((c) => c.comment === comment.comment)!;
  const approved = await page.request.put(`/api/admin/comments/${stored.id}/approve`, {
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(approved.status()).toBe(200);
  await gotoHydrated(page, '/videos');
  const card = videoCard(page, title);
  await commentsToggle(card).click();
  const shown = card.getByRole('listitem').filter({ hasText: m });
  await expectShownInert(page, shown, [comment.authorName, comment.comment]);
});

test('a donor’s name and dedication: the receipt, the gift’s page and the donor table', async ({
  page,
}) => {
  const m = mark();
  const donorName = `${m} ${payload.svg}`;
  const dedicationName = `${payload.img} ${payload.script}`;
  const donorEmail = uniqueEmail('xss-donor');
  const paymentId = await giveByOjcCard(page.request, {
    amount: 18,
    donationType: 'subscription',
    donorName,
    donorEmail,
    dedication: { kind: 'memory', name: dedicationName },
  });

  // The receipt, and the monthly gift's page its link opens.
  const receipt = await mailTo(donorEmail, /receipt/i);
  expectEscapedInMail(receipt, [donorName, dedicationName]);
  await gotoHydrated(page, linkIn(receipt, '/donate/cancel?token='));
  await expectShownInert(page, page.locator('#main'), [donorName, dedicationName]);

  // The payment page of the gift, and the admin's donor table.
  await gotoHydrated(page, `/checkout/ojc/${paymentId}`);
  await expectShownInert(page, page.locator('#main'), []);
  await signInByApi(page);
  await page.goto('/admin/donors');
  await page.getByLabel('Search donors').fill(m);
  const row = page.getByRole('row').filter({ hasText: m });
  await expectShownInert(page, row, [donorName]);
});
