import { describe, expect, it } from 'vitest';
import { donorFilterParams, donorsCsvUrl, noDonorFilters } from './list-donors';

describe('donor filter parameters', () => {
  it('leaves blank filters out and trims the search', () => {
    expect(donorFilterParams(noDonorFilters).toString()).toBe('');
    expect(
      donorFilterParams({
        search: '  Cohen ',
        from: '2025-01-01',
        to: '2025-01-31',
        type: 'subscription',
        status: 'pending',
      }).toString(),
    ).toBe('search=Cohen&from=2025-01-01&to=2025-01-31&type=subscription&status=pending');
  });

  it('gives the CSV the same filters and the columns asked for', () => {
    expect(donorsCsvUrl({ ...noDonorFilters, search: 'a&b' }, 'donors')).toBe(
      '/api/admin/donors.csv?search=a%26b&columns=donors',
    );
    expect(donorsCsvUrl(noDonorFilters, 'dashboard')).toBe(
      '/api/admin/donors.csv?columns=dashboard',
    );
  });
});
