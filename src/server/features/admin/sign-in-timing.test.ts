import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin } from '~tests/helpers/admin';

// Count the verifications: an unknown name must cost one, like a wrong password.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verify = vi.mocked(argon2.verify);

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

describe('an unknown username', () => {
  it('is checked against a dummy argon2id hash with the same cost as a real one', async () => {
    const admin = await createAdmin(app);
    verify.mockClear();
    expect((await login(admin.username, 'a wrong password!')).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    const realHash = String(verify.mock.calls[0]![0]);

    verify.mockClear();
    expect((await login('nobody-by-this-name', 'a wrong password!')).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    const dummyHash = String(verify.mock.calls[0]![0]);
    expect(dummyHash).not.toBe(realHash);
    const params = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(params(dummyHash)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect(params(dummyHash)).toBe(params(realHash));
  });
});
