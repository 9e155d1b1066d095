import { useMutation, useQuery } from '@tanstack/react-query';
import type { PrayerIntention } from '../../prayer-names/api/prayer-names';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';
import { adminQueryKey } from './query-client';

export interface HebrewDate {
  hebrew: string;
  english: string;
}

/** GET /api/admin/prayer-list: a week's names by intention, as the Rabbi reads them. */
export interface PrayerList {
  week: { start: string; end: string; hebrewStart: HebrewDate; hebrewEnd: HebrewDate };
  today: string;
  isCurrentWeek: boolean;
  lapseWeeks: number;
  total: number;
  groups: {
    intention: PrayerIntention;
    label: string;
    names: {
      id: string;
      line: string;
      englishName: string | null;
      note: string | null;
      tier: string;
      giverName: string;
      giverEmail: string;
    }[];
  }[];
  reading: {
    prayedOn: string;
    hebrewDate: string;
    hebrewDateEnglish: string;
    markedBy: string | null;
    markedAt: string;
  } | null;
}

export function usePrayerListQuery(week: string | undefined) {
  return useQuery({
    queryKey: [...adminQueryKey, 'prayer-list', week ?? 'this-week'],
    queryFn: () =>
      adminRequest<PrayerList>(
        `/api/admin/prayer-list${week ? `?week=${encodeURIComponent(week)}` : ''}`,
      ),
  });
}

/** Marks a week's list as read at the tziyun on a day: every giver is told by email. */
export function useMarkPrayed() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: { week: string; prayedOn: string }) =>
      adminRequest<{ names: number; givers: number; hebrewDate: string }>(
        '/api/admin/prayer-list/readings',
        { method: 'POST', body, csrfToken },
      ),
  });
}
