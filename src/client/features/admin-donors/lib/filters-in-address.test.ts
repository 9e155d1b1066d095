import { describe, expect, it } from 'vitest';
import { noDonorFilters } from '~/client/features/admin-donors/api/list-donors';
import { donorFiltersIn, withDonorFilters } from './filters-in-address';

describe('the donor filters in the address', () => {
  it('are read back as they were written, the section and other parameters kept', () => {
    const filters = {
      search: 'Cohen',
      from: '2026-01-01',
      to: '2026-03-31',
      type: 'subscription',
      status: 'succeeded',
    } as const;
    const params = withDonorFilters(new URLSearchParams('section=donors'), filters, 25);
    expect(params.toString()).toBe(
      'section=donors&search=Cohen&from=2026-01-01&to=2026-03-31&type=subscription&status=succeeded&offset=25',
    );
    expect(donorFiltersIn(params)).toEqual({ filters, offset: 25 });
  });

  it('leave blanks out, and clearing them leaves only the section', () => {
    const params = new URLSearchParams('section=donors&search=x&status=failed&offset=50');
    expect(withDonorFilters(params, noDonorFilters, 0).toString()).toBe('section=donors');
    expect(donorFiltersIn(new URLSearchParams('section=donors'))).toEqual({
      filters: noDonorFilters,
      offset: 0,
    });
  });

  it('ignore what the filters could not have set', () => {
    const read = donorFiltersIn(
      new URLSearchParams(
        `search=${'a'.repeat(150)}&from=yesterday&to=2026-13&type=weekly&status=lost&offset=-5`,
      ),
    );
    expect(read).toEqual({
      filters: { ...noDonorFilters, search: 'a'.repeat(100) },
      offset: 0,
    });
    expect(donorFiltersIn(new URLSearchParams('offset=1e400')).offset).toBe(0);
  });

  it('keep a campaign by its slug, and ignore one that cannot be a slug', () => {
    const filters = { ...noDonorFilters, campaign: 'roof-day' };
    const params = withDonorFilters(new URLSearchParams('section=donors'), filters, 0);
    expect(params.toString()).toBe('section=donors&campaign=roof-day');
    expect(donorFiltersIn(params).filters).toEqual(filters);
    expect(donorFiltersIn(new URLSearchParams('campaign=Roof%20Day')).filters).toEqual(
      noDonorFilters,
    );
  });
});
