import { describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new connections, then closes the database', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const app = await buildTestApp({}, (app) => {
      app.get('/slow', async () => {
        started();
        await held;
        return { done: true };
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const slow = fetch(`${address}/slow`).then((r) => r.json());
    await inFlight;
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
    release();
    expect(await slow).toEqual({ done: true });
    await closing;
    await expect(app.database.ping()).rejects.toThrow();
  });
});
