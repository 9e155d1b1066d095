import { urlOf } from '~/shared/route';
import { adminDonorsApi } from '~/shared/api/admin-donors';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DonationType, PaymentStatus } from '~/shared/domain';
import { donorListing, type MethodFilter } from '~/shared/schemas/admin-donors';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** Rows per page of the donor table (the server allows 1 to 100). */
export const DONOR_PAGE_SIZE = 25;

/** What the office narrows the table by, as the filter fields hold it; blank means no filter. */
export interface DonorFilterFields {
  search: string;
  from: string;
  to: string;
  type: DonationType | '';
  status: PaymentStatus | '';
  /** How the gifts came (the card, OJC, the office, or one way the office received them). */
  method?: MethodFilter | '';
  /** One campaign's gifts, by its slug. */
  campaign?: string;
}

export const noDonorFilters: DonorFilterFields = {
  search: '',
  from: '',
  to: '',
  type: '',
  status: '',
};

/** The filters as query parameters, blank ones left out: the list and the CSV share them. */
export function donorFilterParams(filters: DonorFilterFields): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.method) params.set('method', filters.method);
  if (filters.campaign) params.set('campaign', filters.campaign);
  return params;
}

export function listDonors(filters: DonorFilterFields, offset: number) {
  const params = donorFilterParams(filters);
  params.set('limit', String(DONOR_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return adminRequest(adminDonorsApi.list, donorListing, { query: params });
}

export function useDonorsQuery(filters: DonorFilterFields, offset: number) {
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
export function donorsCsvUrl(filters: DonorFilterFields, columns: 'donors' | 'dashboard') {
  const params = donorFilterParams(filters);
  params.set('columns', columns);
  return urlOf(adminDonorsApi.csv, { query: params });
}
