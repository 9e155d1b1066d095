import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, membershipApplications, newsletterSubscribers } from '~/db/schema';
import { messages } from '~/shared/messages';
import { contactSuccessMessage } from '~/server/features/contact';
import { newsletterSuccessMessage } from '~/server/features/newsletter';
import { buildTestApp } from '~tests/helpers/app';
import { postPageForm, postRefusedPageForm } from '~tests/helpers/page-forms';

// The public forms without JavaScript: the page's own HTML form posts to the page,
// the server validates with the shared schema and does what the API does, then redirects to the
// page saying it is done, or renders the page again with the messages and what was typed.

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const post = (url: string, fields: Record<string, string>) => postPageForm(app, url, fields);
const refused = (url: string, fields: Record<string, string>, messages: string[]) =>
  postRefusedPageForm(app, url, fields, messages);

/** A contact message as the page's form sends it, valid but for what a test changes. */
const contactFields = (changes: Record<string, string> = {}) => ({
  _form: 'contact',
  name: 'Sarah Cohen',
  email: 'no-js@example.org',
  message: 'Please pray for my father, Yosef ben Miriam.',
  website: '',
  ...changes,
});

const countOf = async (table: typeof contactMessages | typeof newsletterSubscribers) =>
  (await app.database.db.select({ n: count() }).from(table))[0]!.n;

describe('a contact message posted without JavaScript', () => {
  it('is stored, then the page says it was sent (a redirect: a reload posts nothing again)', async () => {
    const before = await countOf(contactMessages);
    const res = await post('/contact', contactFields());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=contact#contact');
    expect(await countOf(contactMessages)).toBe(before + 1);

    const done = await app.inject(res.headers.location as string);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(contactSuccessMessage);
  });

  it('comes back from the home page with each field’s message and what was typed, and stores nothing', async () => {
    const before = await countOf(contactMessages);
    const res = await refused(
      '/',
      contactFields({ name: 'S', email: 'not-an-email', message: '<b>x</b>' }),
      [
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Message must be at least 10 characters',
      ],
    );
    // What was typed is back in the fields, escaped.
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(res.body).not.toContain('<b>x</b>');
    expect(await countOf(contactMessages)).toBe(before);
  });

  it('drops a filled honeypot silently, as the API does', async () => {
    const before = await countOf(contactMessages);
    const res = await post(
      '/contact',
      contactFields({
        name: 'Bot',
        email: 'bot@example.org',
        message: 'Buy cheap things today, friend.',
        website: 'https://spam.example',
      }),
    );
    expect(res.statusCode).toBe(303);
    expect(await countOf(contactMessages)).toBe(before);
  });
});

describe('the newsletter posted without JavaScript from any page', () => {
  it('signs up from the footer of /videos and returns there, at the form', async () => {
    const res = await post('/videos', { _form: 'newsletter', email: 'footer@example.org' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/videos?sent=newsletter#newsletter');
    const [row] = await app.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'footer@example.org'));
    expect(row?.status).toBe('pending');
    const done = await app.inject(res.headers.location as string);
    expect(done.body).toContain(newsletterSuccessMessage);
  });

  it('comes back with the message under the address', async () => {
    const res = await refused('/donate', { _form: 'newsletter', email: 'nope' }, [
      messages.invalidEmail,
    ]);
    expect(res.body).toContain('value="nope"');
  });
});

describe('a membership application posted without JavaScript', () => {
  it('makes the application and returns to the welcome screen; the payment link goes by mail only', async () => {
    const res = await post('/join', {
      _form: 'join',
      firstName: 'Chana',
      lastName: 'Weiss',
      email: 'no-js-join@example.org',
      phone: '',
      membershipTier: 'spark',
      prayerIntentions: '',
      message: '',
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/join');
    expect(location.searchParams.get('sent')).toBe('join');
    expect(location.searchParams.get('tier')).toBe('spark');
    expect(location.searchParams.has('membership')).toBe(false);
    const [row] = await app.database.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.email, 'no-js-join@example.org'));
    expect(row?.tier).toBe('spark');

    const welcome = await app.inject(res.headers.location as string);
    expect(welcome.body.replace(/<!-- -->/g, '')).toContain('Welcome to Tziyun!');
    expect(welcome.body).toContain('Complete your membership');
  });

  it('comes back with a tier the server refuses under the tier field', async () => {
    const res = await refused(
      '/join',
      {
        _form: 'join',
        firstName: 'Chana',
        lastName: 'Weiss',
        email: 'no-js-join@example.org',
        membershipTier: 'platinum',
      },
      ['Please choose a membership tier'],
    );
    expect(res.body).toContain('value="Chana"');
  });
});

describe('page form posts', () => {
  it('refuse a post without a known form name with the page itself (400), storing nothing', async () => {
    await refused('/contact', { _form: 'other', name: 'x' }, []);
  });

  it('leave the JSON API as it was: a form body there is still refused (415)', async () => {
    const res = await post('/api/contact', { name: 'Sarah' });
    expect(res.statusCode).toBe(415);
  });

  it('answer a visitor over the limit with a plain page saying when to try again', async () => {
    const limited = await buildTestApp({ FORM_RATE_LIMIT: '1' });
    try {
      const fields = { _form: 'newsletter', email: 'limit@example.org' };
      const send = () => postPageForm(limited, '/', fields);
      expect((await send()).statusCode).toBe(303);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toMatch(/Please wait \d+ seconds and try again/);
      expect(refused.body).not.toMatch(/"error"|rate_limited/);
    } finally {
      await limited.close();
    }
  });
});
