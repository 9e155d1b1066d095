import { urlOf } from '~/shared/route';
import { adminMembersApi } from '~/shared/api/admin-members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberStatus } from '~/shared/domain';
import { memberListing } from '~/shared/schemas/admin-members';
import { adminRequest } from '~/client/lib/admin/admin-request';

export const MEMBERS_PAGE_SIZE = 100;

export interface MemberFilters {
  tier?: string | undefined;
  status?: MemberStatus | undefined;
}

function filterQuery({ tier, status }: MemberFilters) {
  const query = new URLSearchParams();
  if (tier) query.set('tier', tier);
  if (status) query.set('status', status);
  return query;
}

export function listMembers(filters: MemberFilters, offset = 0) {
  const query = filterQuery(filters);
  query.set('limit', String(MEMBERS_PAGE_SIZE));
  if (offset > 0) query.set('offset', String(offset));
  return adminRequest(adminMembersApi.list, memberListing, { query });
}

export function useMembersQuery(filters: MemberFilters, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'members', filters.tier ?? 'all', filters.status ?? 'all', offset],
    queryFn: () => listMembers(filters, offset),
    placeholderData: keepPreviousData,
  });
}

/** The streamed CSV export, with the list's filters: a plain link the browser downloads. */
export function membersCsvUrl(filters: MemberFilters) {
  return urlOf(adminMembersApi.csv, { query: filterQuery(filters) });
}
