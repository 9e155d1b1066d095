import { describe, expect, it } from 'vitest';
import { methodOf, urlOf } from './route';

describe('urlOf', () => {
  it('is the path of a route without params or query', () => {
    expect(urlOf('GET /api/videos')).toBe('/api/videos');
  });

  it('fills the params, encoded, and appends the query without its empty values', () => {
    expect(
      urlOf('GET /api/ghl/contact/:email', {
        params: { email: 'a b@example.org' },
        query: { limit: 5, week: undefined, status: null, all: true },
      }),
    ).toBe('/api/ghl/contact/a%20b%40example.org?limit=5&all=true');
    expect(urlOf('POST /api/ojc/payments/:paymentId/charge', { params: { paymentId: 7 } })).toBe(
      '/api/ojc/payments/7/charge',
    );
  });

  it('takes a query as URLSearchParams', () => {
    const query = new URLSearchParams([['year', '2026']]);
    expect(urlOf('GET /api/admin/statements.csv', { query })).toBe(
      '/api/admin/statements.csv?year=2026',
    );
  });
});

it('reads the method of a route', () => {
  expect(methodOf('DELETE /api/admin/users/:id')).toBe('DELETE');
});
