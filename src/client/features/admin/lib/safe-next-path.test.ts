import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next-path';

const origin = 'https://tziyun.example';

describe('safeNextPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/donors', '/admin/donors'],
    ['/admin/donors?from=2025-01-01#top', '/admin/donors?from=2025-01-01#top'],
    ['/admin/', '/admin/'],
  ])('follows %s', (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    'admin/donors',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example/admin',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/donate',
    '/administrator',
    '/admin/login',
    '/admin/login?next=/admin',
    '/admin/ x',
  ])('refuses %s and goes to the dashboard', (next) => {
    expect(safeNextPath(next, origin)).toBe('/admin');
  });

  it('keeps the address under /admin after dot segments are resolved', () => {
    expect(safeNextPath('/admin/../donate', origin)).toBe('/admin');
  });
});

describe('loginPathFor', () => {
  it('encodes the path and its query in next', () => {
    expect(loginPathFor('/admin/donors')).toBe('/admin/login?next=%2Fadmin%2Fdonors');
    expect(loginPathFor('/admin/donors?q=a&b=1')).toBe(
      '/admin/login?next=%2Fadmin%2Fdonors%3Fq%3Da%26b%3D1',
    );
  });
});
