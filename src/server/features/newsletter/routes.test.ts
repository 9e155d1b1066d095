import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '~/db/schema';
import { buildTestApp } from '../../../../tests/helpers/app';
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
