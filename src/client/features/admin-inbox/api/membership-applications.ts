import { adminInboxApi } from '~/shared/api/admin-inbox';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ApplicationStatus } from '~/shared/domain';
import {
  applicationListing,
  applicationView,
  type ApplicationChange,
} from '~/shared/schemas/admin-inbox';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { listInboxPage } from './inbox-page';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

export function listMembershipApplications(status?: ApplicationStatus, offset = 0) {
  return listInboxPage(adminInboxApi.applications, applicationListing, status, offset);
}

export function useMembershipApplicationsQuery(status?: ApplicationStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'membership-applications', status ?? 'all', offset],
    queryFn: () => listMembershipApplications(status, offset),
    placeholderData: keepPreviousData,
  });
}

export function updateMembershipApplication(
  id: string,
  change: ApplicationChange,
  csrfToken: string,
) {
  return adminRequest(adminInboxApi.updateApplication, applicationView, {
    params: { id },
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
