import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { jobs, newsletterSubscribers } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { confirmWithButton, subscriberOf, visitConfirmLink } from '~tests/helpers/newsletter';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { pageData, postPageForm } from '~tests/helpers/page-forms';
import { newsletterSuccessMessage } from './routes';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const subscribe = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload });

describe('POST /api/newsletter', () => {
  it('stores the address once, lower-cased, as pending', async () => {
    const first = await subscribe({ email: '  Leah@Example.ORG ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: newsletterSuccessMessage });
    const again = await subscribe({ email: 'leah@example.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await app.database.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'leah@example.org', status: 'pending' });
  });

  it.each([
    [{ email: '' }, 'Please enter your email address'],
    [{ email: '   ' }, 'Please enter your email address'],
    [{}, 'Please enter your email address'],
    [{ email: 'leah@' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.org` }, 'Email must be at most 254 characters'],
  ])('refuses %j with a field message', async (body, message) => {
    const before = await app.database.db.$count(newsletterSubscribers);
    const res = await subscribe(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe(message);
    expect(await app.database.db.$count(newsletterSubscribers)).toBe(before);
  });

  it('drops a bot that fills the honeypot, answering as usual', async () => {
    const before = await app.database.db.$count(newsletterSubscribers);
    const res = await subscribe({ email: 'bot@example.org', website: 'x' });
    expect(res.statusCode).toBe(200);
    expect(await app.database.db.$count(newsletterSubscribers)).toBe(before);
  });
});

describe('signups that arrive together', () => {
  /** The confirmation mails queued, by the address they go to. */
  async function confirmationsTo(emails: string[]) {
    const queued = await app.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'mail:newsletter-confirm:%'));
    return queued
      .map(({ payload }) => (payload as { to: string }).to)
      .filter((to) => emails.includes(to))
      .sort();
  }

  it('are each written as if alone: new ones mailed once, a confirmed one left alone, a leaver starting over', async () => {
    const [confirmed, leaver] = ['together-kept@example.org', 'together-left@example.org'];
    for (const email of [confirmed, leaver])
      expect((await subscribe({ email })).statusCode).toBe(200);
    await app.database.db
      .update(newsletterSubscribers)
      .set({ status: 'confirmed' })
      .where(eq(newsletterSubscribers.email, confirmed));
    await app.database.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.email, leaver));
    const before = await subscriberOf(app, leaver);
    const kept = await subscriberOf(app, confirmed);

    const emails = ['together-a@example.org', 'together-b@example.org', 'Together-A@example.org'];
    const answers = await Promise.all(
      [...emails, confirmed, leaver].map((email) => subscribe({ email })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const stored = await app.database.db
      .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(like(newsletterSubscribers.email, 'together-%'));
    expect(stored.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'together-a@example.org', status: 'pending' },
      { email: 'together-b@example.org', status: 'pending' },
      { email: confirmed, status: 'confirmed' },
      { email: leaver, status: 'pending' },
    ]);
    expect(await subscriberOf(app, confirmed)).toEqual(kept);
    expect((await subscriberOf(app, leaver))!.confirmToken).not.toBe(before!.confirmToken);
    // The leaver's first signup and its new start; the confirmed address's first signup only.
    expect(
      await confirmationsTo([
        'together-a@example.org',
        'together-b@example.org',
        confirmed,
        leaver,
      ]),
    ).toEqual(
      ['together-a@example.org', 'together-b@example.org', confirmed, leaver, leaver].sort(),
    );
  });
});

describe('the confirmation link', () => {
  /** A new pending subscriber and the token of the link mailed to them. */
  async function pending(email: string) {
    expect((await subscribe({ email })).statusCode).toBe(200);
    const row = await subscriberOf(app, email);
    expect(row).toMatchObject({ status: 'pending', confirmedAt: null });
    return row.confirmToken;
  }

  it('confirms only with its button: two GETs and a HEAD (a mail scanner’s) confirm nothing', async () => {
    const email = 'scanned@example.org';
    const token = await pending(email);
    // What Safe Links, a link checker and a preview bot do before the person reads the mail.
    const head = await visitConfirmLink(app, token, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['referrer-policy']).toBe('no-referrer');
    for (const seen of [await visitConfirmLink(app, token), await visitConfirmLink(app, token)]) {
      expectHiddenTokenPage(seen);
      // One sentence, one button, in a form that posts the token to the page (no JavaScript).
      expect(seen.body).toContain('Confirm Your Subscription');
      expect(seen.body).toMatch(/<form[^>]* action="\/newsletter\/confirm" method="post"/);
      expect(seen.body).toContain('name="_form" value="newsletter-confirm"');
      expect(seen.body).toContain(`name="token" value="${token}"`);
      expect(seen.body).toMatch(/<button[^>]*type="submit"[^>]*>Confirm my subscription<\/button>/);
      expect(seen.body).not.toContain(email);
      expect(pageData(seen.body).data).toBeNull();
    }
    expect(await subscriberOf(app, email)).toMatchObject({ status: 'pending', confirmedAt: null });

    // The person presses the button: confirmed now, and said so.
    const confirmed = await confirmWithButton(app, token);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/newsletter?status=confirmed');
    const row = await subscriberOf(app, email);
    expect(row.status).toBe('confirmed');
    expect(row.confirmedAt).toBeInstanceOf(Date);
    const done = await app.inject(confirmed.headers.location!);
    expect(done.body).toContain('Subscription Confirmed');
    expect(done.body).toContain('Thank you! Weekly inspiration is on its way to your inbox.');

    // Pressed again (another tab, the back button): already done, and nothing changes.
    const again = await confirmWithButton(app, token);
    expect(again.headers.location).toBe('/newsletter?status=already-confirmed');
    expect((await subscriberOf(app, email)).confirmedAt).toEqual(row.confirmedAt);
    const already = await app.inject(again.headers.location!);
    expect(already.body).toContain('Already Confirmed');
    expect(already.body).toContain('Your subscription was already confirmed');
  });

  it('sends the link mailed before the button to the button’s page, confirming nothing', async () => {
    const email = 'old-mail@example.org';
    const token = await pending(email);
    for (const method of ['HEAD', 'GET', 'GET'] as const) {
      const res = await app.inject({ method, url: `/api/newsletter/confirm?token=${token}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/newsletter/confirm?token=${token}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await subscriberOf(app, email)).status).toBe('pending');
    expect((await app.inject('/api/newsletter/confirm')).statusCode).toBe(400);
  });

  it('refuses an unknown or replaced token with the page that says the link is not valid', async () => {
    const email = 'replaced@example.org';
    const old = await pending(email);
    const { unsubscribeToken } = await subscriberOf(app, email);
    await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
    });
    // Subscribed again: new tokens; the first mail's link is past.
    const current = await pending(email);
    for (const token of [old, 'not-a-token-of-ours']) {
      const res = await confirmWithButton(app, token);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/newsletter?status=invalid');
    }
    expect((await subscriberOf(app, email)).status).toBe('pending');
    const refused = await app.inject('/newsletter?status=invalid');
    expect(refused.body).toContain('This Link Is Not Valid');
    expect((await confirmWithButton(app, current)).headers.location).toBe(
      '/newsletter?status=confirmed',
    );
  });

  it.each([
    [{}, 'This link is not complete. Open it again from your email.'],
    [{ token: '' }, 'This link is not complete. Open it again from your email.'],
    [{ token: 'x'.repeat(201) }, 'This link is not valid.'],
    [{ token: 'a\u0000b' }, 'This link is not valid.'],
    [{ token: 'not base64url!' }, 'This link is not valid.'],
  ])('refuses the button posted with %j in plain words', async (fields, message) => {
    const res = await postPageForm(app, '/newsletter/confirm', {
      _form: 'newsletter-confirm',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('refuses a button posted from another site, and confirms nothing', async () => {
    const email = 'cross-site@example.org';
    const token = await pending(email);
    const elsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.tziyun.test' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of elsewhere) {
      const res = await confirmWithButton(app, token, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This change came from another website');
      // The button again, to press here.
      expect(res.body).toContain('Confirm my subscription');
    }
    expect((await subscriberOf(app, email)).status).toBe('pending');
    expect((await confirmWithButton(app, token)).headers.location).toBe(
      '/newsletter?status=confirmed',
    );
  });
});
