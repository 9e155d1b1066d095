import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';
import {
  INBOX_PAGE_SIZE,
  type ApplicationStatus,
  type MembershipApplication,
  type MembershipApplicationListing,
} from './inbox-types';

export function listMembershipApplications(status?: ApplicationStatus, offset = 0) {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (offset > 0) query.set('offset', String(offset));
  return adminRequest<MembershipApplicationListing>(`/api/admin/membership-applications?${query}`);
}

export function useMembershipApplicationsQuery(status?: ApplicationStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'membership-applications', status ?? 'all', offset],
    queryFn: () => listMembershipApplications(status, offset),
    placeholderData: keepPreviousData,
  });
}

export interface ApplicationChange {
  status?: ApplicationStatus;
  notes?: string;
}

export function updateMembershipApplication(
  id: string,
  change: ApplicationChange,
  csrfToken: string,
) {
  return adminRequest<MembershipApplication>(`/api/admin/membership-applications/${id}`, {
    method: 'PATCH',
    body: change,
    csrfToken,
  });
}

export function useUpdateMembershipApplication() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ApplicationChange }) =>
      updateMembershipApplication(id, change, csrfToken),
  });
}
