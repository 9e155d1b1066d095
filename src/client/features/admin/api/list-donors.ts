import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { DONOR_PAGE_SIZE, type DonorFilters, type DonorListing } from './donor-types';

/** The filters as query parameters, blank ones left out: the list and the CSV share them. */
export function donorFilterParams(filters: DonorFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  return params;
}

export function listDonors(filters: DonorFilters, offset: number) {
  const params = donorFilterParams(filters);
  params.set('limit', String(DONOR_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return adminRequest<DonorListing>(`/api/admin/donors?${params}`);
}

export function useDonorsQuery(filters: DonorFilters, offset: number) {
  return useQuery({
    queryKey: ['admin', 'donors', donorFilterParams(filters).toString(), offset],
    queryFn: () => listDonors(filters, offset),
    placeholderData: keepPreviousData,
  });
}

/**
 * The streamed CSV with the table's filters: a plain link the browser downloads. The donors
 * page's columns, or the dashboard's, which add Payment Method and Status (spec 9).
 */
export function donorsCsvUrl(filters: DonorFilters, columns: 'donors' | 'dashboard') {
  const params = donorFilterParams(filters);
  params.set('columns', columns);
  return `/api/admin/donors.csv?${params}`;
}
