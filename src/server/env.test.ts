import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

/** Not a real secret: a value for tests only. */
const testAppSecret = 'test-only-app-secret-not-for-production-use';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      NODE_ENV: 'development',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads and normalises given values', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/tziyun',
      PUBLIC_URL: 'https://example.org/',
      NODE_ENV: 'production',
      APP_SECRET: testAppSecret,
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u@db:5432/tziyun');
    expect(env.PUBLIC_URL).toBe('https://example.org');
  });

  it('reads TRUST_PROXY as a hop count or the proxy addresses, and refuses true', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*would trust any client/s);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '1.2.3', '::1/129', '11']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
    }
  });

  it('refuses a TRUST_PROXY range that trusts everyone (or a family) with a plain message, not a crash at start', () => {
    for (const everyone of [
      '0.0.0.0/0',
      '::/0',
      '0::0/0',
      '10.0.0.1, 0.0.0.0/0',
      '0.0.0.0/1, 128.0.0.0/1',
      '::/1',
      '2000::/3',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97',
      '::/64',
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: everyone }), everyone).toThrow(
        /TRUST_PROXY: .* would trust the X-Forwarded-For of .*give the proxy's own address/s,
      );
    }
    // The widest private ranges, and a proxy's one IPv4 address written as IPv6, stay allowed.
    for (const fine of [
      '10.0.0.0/8',
      'fc00::/7',
      '::ffff:10.0.0.0/104',
      '::ffff:127.0.0.1',
      '::1/128',
    ]) {
      expect(parseEnv({ TRUST_PROXY: fine }).TRUST_PROXY, fine).toEqual([fine]);
    }
  });

  it('gives Fastify only TRUST_PROXY values it starts with', async () => {
    for (const value of ['10.0.0.0/8, loopback', 'fc00::/7', '0.0.0.0/8', '::ffff:10.0.0.0/104']) {
      const app = Fastify({ trustProxy: parseEnv({ TRUST_PROXY: value }).TRUST_PROXY as string[] });
      await expect(app.ready(), value).resolves.toBeDefined();
      await app.close();
    }
  });

  it('keeps media on disk unless MEDIA_STORE=s3, which needs a bucket, and keys in pairs', () => {
    expect(parseEnv({})).toMatchObject({ MEDIA_STORE: 'local', S3_REGION: 'us-east-1' });
    expect(() => parseEnv({ MEDIA_STORE: 's3' })).toThrow(
      /S3_BUCKET: is needed with MEDIA_STORE=s3/,
    );
    expect(() => parseEnv({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
    expect(() =>
      parseEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }),
    ).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/);
    expect(() => parseEnv({ S3_PREFIX: '/media' })).toThrow(/S3_PREFIX/);
    expect(() => parseEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    const env = parseEnv({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'site/media/',
    });
    expect(env).toMatchObject({
      MEDIA_STORE: 's3',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'site/media/',
    });
  });

  it('refuses production on PostgreSQL without APP_SECRET, saying what to set and why', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/tziyun' };
    expect(() => parseEnv(production)).toThrow(EnvError);
    expect(() => parseEnv({ ...production, APP_SECRET: '' })).toThrow(
      /APP_SECRET: must be set in production with DATABASE_URL \(openssl rand -base64 32\)\. Every instance needs the same secret, and it must not live in the database/,
    );
    expect(parseEnv({ ...production, APP_SECRET: testAppSecret }).APP_SECRET).toBe(testAppSecret);
    // The embedded database, or development on PostgreSQL: the DATA_DIR/app-secret file serves.
    expect(parseEnv({ NODE_ENV: 'production' }).APP_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: production.DATABASE_URL }).APP_SECRET).toBeUndefined();
  });

  it('refuses an APP_SECRET shorter than 32 characters', () => {
    expect(() => parseEnv({ APP_SECRET: 'short-and-guessable' })).toThrow(
      /APP_SECRET: must be at least 32 characters: make one with openssl rand -base64 32/,
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('treats an empty STRIPE_API_BASE as unset (as .env.example has it)', () => {
    expect(parseEnv({ STRIPE_API_BASE: '' }).STRIPE_API_BASE).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'example.org' }, 'PUBLIC_URL'],
    [{ STRIPE_API_BASE: 'stripe.local' }, 'STRIPE_API_BASE'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:1/v1' }, 'STRIPE_API_BASE'],
  ])('refuses %j naming the setting', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as EnvError).problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
      expect((error as Error).message).toContain(name);
    }
  });
});
