import { urlOf } from '~/shared/route';
import { adminInboxApi } from '~/shared/api/admin-inbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriberStatus } from '~/shared/domain';
import { subscriberListing } from '~/shared/schemas/admin-inbox';
import { listInboxPage } from './inbox-page';

export function listNewsletterSubscribers(status?: SubscriberStatus, offset = 0) {
  return listInboxPage(adminInboxApi.subscribers, subscriberListing, status, offset);
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
  return urlOf(adminInboxApi.subscribersCsv, { query: { status } });
}
