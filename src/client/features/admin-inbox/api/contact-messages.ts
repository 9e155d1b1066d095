import { adminInboxApi } from '~/shared/api/admin-inbox';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MessageStatus } from '~/shared/domain';
import { messageListing, messageView } from '~/shared/schemas/admin-inbox';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { listInboxPage } from './inbox-page';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

export function listContactMessages(status?: MessageStatus, offset = 0) {
  return listInboxPage(adminInboxApi.contactMessages, messageListing, status, offset);
}

export function useContactMessagesQuery(status?: MessageStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'contact-messages', status ?? 'all', offset],
    queryFn: () => listContactMessages(status, offset),
    placeholderData: keepPreviousData,
  });
}

export function updateContactMessage(id: string, status: MessageStatus, csrfToken: string) {
  return adminRequest(adminInboxApi.updateContactMessage, messageView, {
    params: { id },
    body: { status },
    csrfToken,
  });
}

export function useUpdateContactMessage() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: MessageStatus }) =>
      updateContactMessage(id, status, csrfToken),
  });
}
