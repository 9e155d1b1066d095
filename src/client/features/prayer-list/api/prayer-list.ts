import { prayerListApi } from '~/shared/api/prayer-list';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  prayerList,
  prayerReadingRecorded,
  type PrayerReadingInput,
} from '~/shared/schemas/prayer-list';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { adminQueryKey } from '~/client/lib/admin/query-client';

/** GET /api/admin/prayer-list: a week's names by intention, as the Rabbi reads them. */
export function usePrayerListQuery(week: string | undefined) {
  return useQuery({
    queryKey: [...adminQueryKey, 'prayer-list', week ?? 'this-week'],
    queryFn: () =>
      adminRequest(prayerListApi.week, prayerList, { query: { week: week || undefined } }),
  });
}

/** Marks a week's list as read at the tziyun on a day: every giver is told by email. */
export function useMarkPrayed() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: PrayerReadingInput) =>
      adminRequest(prayerListApi.recordReading, prayerReadingRecorded, {
        body,
        csrfToken,
      }),
  });
}
