import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/helpers/app';

describe('security headers', () => {
  it('sends a self-only CSP, nosniff, a referrer policy and no framing on pages and API', async () => {
    const app = await buildTestApp();
    try {
      for (const res of [
        await app.inject('/'),
        await app.inject('/healthz'),
        await app.inject({ method: 'POST', url: '/api/contact', payload: {} }),
      ]) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-request-id']).toBeTruthy();
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('leaves HSTS out in production on plain http (npm start on localhost)', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
    try {
      const res = await app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure');
    } finally {
      await app.close();
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production over https', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const res = await app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toContain('max-age=63072000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('never leaks internals in a 5xx', async () => {
    const app = await buildTestApp();
    app.log.error = () => undefined;
    // The database going away mid-life is the most likely real 5xx.
    await app.database.close();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Sarah', email: 'sarah@example.org', message: 'A message of some length' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/closed|stack|pglite|at /i);
      expect(res.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      });
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('allows Stripe’s documented hosts on the checkout alone, and nowhere else', async () => {
    const app = await buildTestApp();
    try {
      const checkout = String(
        (await app.inject('/checkout?amount=36&type=onetime')).headers['content-security-policy'],
      );
      expect(checkout).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
      expect(checkout).toContain(
        'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
      );
      expect(checkout).toContain("connect-src 'self' https://api.stripe.com");
      expect(checkout).toContain("frame-ancestors 'none'");
      expect(checkout).not.toContain('unsafe');

      for (const path of [
        '/',
        '/donate',
        '/checkout/ojc/0f8e1d2c',
        '/donate/manage',
        '/test-stripe',
      ]) {
        const csp = String((await app.inject(path)).headers['content-security-policy']);
        expect(csp, path).not.toContain('stripe.com');
        expect(csp, path).toContain("script-src 'self'");
      }
    } finally {
      await app.close();
    }
  });
});
