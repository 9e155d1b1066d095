import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import {
  INBOX_PAGE_SIZE,
  type NewsletterSubscriberListing,
  type SubscriberStatus,
} from './inbox-types';

export function listNewsletterSubscribers(status?: SubscriberStatus, offset = 0) {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (offset > 0) query.set('offset', String(offset));
  return adminRequest<NewsletterSubscriberListing>(`/api/admin/newsletter-subscribers?${query}`);
}

export function useNewsletterSubscribersQuery(status?: SubscriberStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'newsletter-subscribers', status ?? 'all', offset],
    queryFn: () => listNewsletterSubscribers(status, offset),
    placeholderData: keepPreviousData,
  });
}

/** The streamed CSV export, with the list's filter: a plain link the browser downloads. */
export function newsletterCsvUrl(status?: SubscriberStatus) {
  const query = status ? `?${new URLSearchParams({ status })}` : '';
  return `/api/admin/newsletter-subscribers.csv${query}`;
}
