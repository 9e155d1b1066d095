import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';
import {
  INBOX_PAGE_SIZE,
  type ApplicationStatus,
  type MembershipApplication,
  type MembershipApplicationListing,
} from './inbox-types';

export function listMembershipApplications(status?: ApplicationStatus) {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (status) query.set('status', status);
  return adminRequest<MembershipApplicationListing>(`/api/admin/membership-applications?${query}`);
}

export function useMembershipApplicationsQuery(status?: ApplicationStatus) {
  return useQuery({
    queryKey: ['admin', 'membership-applications', status ?? 'all'],
    queryFn: () => listMembershipApplications(status),
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
