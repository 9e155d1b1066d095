import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../tests/helpers/app';

/**
 * The count of requests being answered, which holds the outbox worker back (ADR 035): it must
 * come back to zero after every kind of answer, or mail would stay at the floor for good.
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp({ FORM_RATE_LIMIT: '2' }, (app) => {
    app.get('/api/test-only/fails', async () => {
      throw new Error('a handler failed');
    });
  });
});
afterAll(() => app.close());

const contact = { name: 'Miriam Adler', email: 'count@example.org', message: 'Hello there.' };

describe('requests in flight', () => {
  it('comes back to zero after a page, a 304, a 404, a refused form, a 429 and a 500', async () => {
    const page = await app.inject('/join');
    const answers = [
      page.statusCode,
      (await app.inject({ url: '/join', headers: { 'if-none-match': page.headers.etag! } }))
        .statusCode,
      (await app.inject('/api/no-such-thing')).statusCode,
      (await app.inject({ method: 'POST', url: '/api/contact', payload: {} })).statusCode,
      // The limit (2 a minute) counts the messages the posts would write: the third is one too
      // many (counted in the write, ADR 039; the refused post above wrote nothing).
      (await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode,
      (await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode,
      (await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode,
      (await app.inject('/api/test-only/fails')).statusCode,
    ];
    expect(answers).toEqual([200, 304, 404, 400, 200, 200, 429, 500]);
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(0));
  });

  it('counts a request while its body comes, and not once its client has gone', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    try {
      await new Promise((ready) => socket.once('connect', ready));
      // Headers and half a body: the request has begun and waits for the rest.
      socket.write(
        [
          'POST /api/newsletter HTTP/1.1',
          'Host: 127.0.0.1',
          'Origin: https://tziyun.test',
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"email":',
        ].join('\r\n'),
      );
      await vi.waitFor(() => expect(app.requestsInFlight()).toBe(1));
    } finally {
      socket.destroy();
    }
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(0));
  });
});
