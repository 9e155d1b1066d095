import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '~/server/app';
import { parseEnv } from '~/server/env';
import { createTestDatabase } from '~tests/helpers/database';
import { createAdmin } from '~tests/helpers/admin';

/** The app with its real logger at trace level, writing into `lines`. */
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://tziyun.test' }),
    database,
    logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }),
    clientDir: join(import.meta.dirname, 'no-client-build'),
  });
  app.addHook('onClose', () => database.close());
  await app.ready();
});
afterAll(() => app.close());

describe('admin logs', () => {
  it('never contain a password, a session id, a CSRF token or a cookie', async () => {
    const admin = await createAdmin(app, { role: 'owner', password: 'the-real-password-1' });
    const origin = 'https://tziyun.test';
    const failed = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin },
      payload: { username: admin.username, password: 'a-wrong-password-2' },
    });
    expect(failed.statusCode).toBe(401);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin },
      payload: { username: admin.username, password: admin.password },
    });
    const token = ok.cookies[0]!.value;
    const csrf: string = ok.json().csrfToken;
    const headers = { origin, cookie: `tziyun_admin=${token}`, 'x-csrf-token': csrf };
    await app.inject({ url: '/api/admin/session', headers });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers,
      payload: { username: 'logged-helper', password: 'the-helpers-password-3' },
    });
    expect(created.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...headers, 'x-csrf-token': 'wrong' },
    });
    await app.inject({ method: 'POST', url: '/api/admin/logout', headers });

    const log = lines.join('');
    expect(log).toContain('admin signed in');
    expect(log).toContain('admin sign-in refused');
    for (const secret of [
      'the-real-password-1',
      'a-wrong-password-2',
      'the-helpers-password-3',
      token,
      csrf,
      'tziyun_admin=',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
