import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

export const memberStatuses = ['pending', 'active', 'lapsed', 'cancelled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const MEMBERS_PAGE_SIZE = 100;

/** GET /api/admin/members: one member as the admin API shows it. */
export interface Member {
  id: string;
  applicationId: string;
  name: string;
  email: string;
  tier: string;
  status: MemberStatus;
  /** Cents. */
  monthlyAmount: number;
  memberSince: string | null;
  nextRenewalAt: string | null;
  paidBy: 'card' | 'ojc' | null;
}

export interface MemberListing {
  members: Member[];
  total: number;
  counts: Record<MemberStatus, number>;
}

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
  return adminRequest<MemberListing>(`/api/admin/members?${query}`);
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
  const query = filterQuery(filters).toString();
  return `/api/admin/members.csv${query ? `?${query}` : ''}`;
}
