import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';
import {
  INBOX_PAGE_SIZE,
  type ContactMessage,
  type ContactMessageListing,
  type MessageStatus,
} from './inbox-types';

export function listContactMessages(status?: MessageStatus, offset = 0) {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (offset > 0) query.set('offset', String(offset));
  return adminRequest<ContactMessageListing>(`/api/admin/contact-messages?${query}`);
}

export function useContactMessagesQuery(status?: MessageStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'contact-messages', status ?? 'all', offset],
    queryFn: () => listContactMessages(status, offset),
    placeholderData: keepPreviousData,
  });
}

export function updateContactMessage(id: string, status: MessageStatus, csrfToken: string) {
  return adminRequest<ContactMessage>(`/api/admin/contact-messages/${id}`, {
    method: 'PATCH',
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
