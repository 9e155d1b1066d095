import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';

const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp({ FORM_RATE_LIMIT: '1' }, undefined, { logLines: lines });
});
afterAll(() => app.close());

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs', () => {
  it('are one line for each request, once answered: what was asked, the status, the time', async () => {
    lines.length = 0;
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    const logged = entries().filter((entry) => entry.reqId === res.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
    expect(entries().some((entry) => entry.msg === 'incoming request')).toBe(false);
  });

  it('name the path but never the query string', async () => {
    await app.inject('/api/newsletter/confirm?token=secret-token-123');
    await app.inject('/contact?name=Sarah&message=pray-for-my-father');
    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/newsletter/confirm"');
    expect(log).toContain('"url":"/contact"');
    expect(log).not.toContain('secret-token-123');
    expect(log).not.toContain('pray-for-my-father');
  });

  it('name the path but never the query string when a rate limit refuses a request', async () => {
    // The unsubscribe link's limit is three times FORM_RATE_LIMIT: the fourth post is refused.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe?token=limited-secret-token',
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    const log = lines.join('\n');
    expect(log).toContain('rate limit exceeded');
    expect(log).toContain('"url":"/api/newsletter/unsubscribe"');
    expect(log).not.toContain('limited-secret-token');
  });
});
