import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, jobs } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { contactSuccessMessage } from './routes';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const valid = {
  name: 'Sarah Cohen',
  email: 'Sarah@Example.org',
  message: 'Please pray for my father.',
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/contact', payload: body as object, headers });
}

describe('POST /api/contact', () => {
  it('stores a valid message and answers with the message for the toast', async () => {
    const res = await post({ ...valid, name: '  Sarah Cohen  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: contactSuccessMessage });
    const rows = await app.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Sarah Cohen',
      email: 'sarah@example.org',
      status: 'new',
    });
  });

  it.each([
    ['name', { ...valid, name: 'S' }, 'Name must be at least 2 characters'],
    ['email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
    ['message', { ...valid, message: 'too short' }, 'Message must be at least 10 characters'],
    ['name', { ...valid, name: ' a ' }, 'Name must be at least 2 characters'],
    // A line break in a one-line field would open a fake line (a header) in a mail.
    ['name', { ...valid, name: 'ab\r\nBcc: x@example.org' }, 'Name must be on one line'],
    ['name', { ...valid, name: 'ab\u2028cd' }, 'Name must be on one line'],
  ])('refuses a bad %s with the spec message', async (field, body, message) => {
    const before = await app.database.db.$count(contactMessages);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: message } },
    });
    expect(await app.database.db.$count(contactMessages)).toBe(before);
  });

  it('names every bad field at once', async () => {
    const res = await post({ name: '', email: '', message: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'message', 'name']);
  });

  it('refuses over-long input, missing fields, wrong types and non-JSON', async () => {
    expect((await post({ ...valid, message: 'x'.repeat(5001) })).json().error.fields.message).toBe(
      'Message must be at most 5000 characters',
    );
    expect((await post({ email: valid.email })).statusCode).toBe(400);
    expect((await post({ ...valid, name: 42 })).statusCode).toBe(400);
    const sendRaw = (payload: string, contentType: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        headers: { 'content-type': contentType },
      });
    const text = await sendRaw('name=a', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    const broken = await sendRaw('{"name":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('bad_request');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('silently drops a message whose honeypot is filled', async () => {
    const before = await app.database.db.$count(contactMessages);
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: contactSuccessMessage });
    expect(await app.database.db.$count(contactMessages)).toBe(before);
  });
});

describe('rate limit on POST /api/contact', () => {
  it('answers 429 with Retry-After once an IP passes the limit', async () => {
    const limited = await buildTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/api/contact',
          payload: valid,
          remoteAddress: '203.0.113.9',
        });
      const first = await send();
      expect(first.statusCode).toBe(200);
      // The headers a limited route's answers carry, as the rate-limit plugin gives them.
      expect(first.headers).toMatchObject({
        'x-ratelimit-limit': '2',
        'x-ratelimit-remaining': '1',
        'x-ratelimit-reset': '60',
      });
      expect((await send()).statusCode).toBe(200);
      const stored = await limited.database.db.$count(contactMessages);
      const jobsBefore = await limited.database.db.$count(jobs);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json().error).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(
          /^Too many requests\. Please wait \d+ seconds and try again\.$/,
        ),
      });
      // Refused: nothing stored, nothing mailed or announced.
      expect(await limited.database.db.$count(contactMessages)).toBe(stored);
      expect(await limited.database.db.$count(jobs)).toBe(jobsBefore);
      const otherIp = await limited.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid,
        remoteAddress: '203.0.113.10',
      });
      expect(otherIp.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
