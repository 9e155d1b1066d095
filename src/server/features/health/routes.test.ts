import { describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';

describe('GET /healthz', () => {
  it('answers 200 while the database is reachable and 503 once it is not', async () => {
    const app = await buildTestApp();
    const ok = await app.inject('/healthz');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    expect(ok.headers['cache-control']).toBe('no-store');

    app.log.error = () => undefined;
    await app.database.close();
    const down = await app.inject('/healthz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    await app.close().catch(() => undefined);
  });
});

describe('test database', () => {
  it('runs on PostgreSQL when DATABASE_URL is set, else on PGlite', async () => {
    const app = await buildTestApp();
    expect(app.database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    await app.close();
  });
});
