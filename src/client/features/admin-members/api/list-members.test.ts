import { describe, expect, it } from 'vitest';
import { membersCsvUrl } from './list-members';

describe('the members CSV link', () => {
  it('carries the list’s filters, and none when there are none', () => {
    expect(membersCsvUrl({})).toBe('/api/admin/members.csv');
    expect(membersCsvUrl({ tier: 'beacon', status: 'lapsed' })).toBe(
      '/api/admin/members.csv?tier=beacon&status=lapsed',
    );
  });
});
