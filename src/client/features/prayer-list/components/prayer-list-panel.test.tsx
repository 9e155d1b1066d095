// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PrayerList } from '~/shared/schemas/prayer-list';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import PrayerListPanel from './prayer-list-panel';

const hebrew = { hebrew: 'א׳', english: '1 Kislev' };
const list: PrayerList = {
  week: { start: '2026-11-22', end: '2026-11-28', hebrewStart: hebrew, hebrewEnd: hebrew },
  today: '2026-11-27',
  isCurrentWeek: true,
  lapseWeeks: 4,
  total: 1,
  groups: [
    {
      intention: 'healing',
      label: 'Healing',
      names: [
        {
          id: 'n1',
          line: 'משה בן שרה',
          englishName: null,
          note: null,
          tier: 'gold',
          giverName: 'Ruth Levi',
          giverEmail: 'ruth@example.com',
        },
      ],
    },
  ],
  reading: null,
};

describe('marking the week’s list as prayed', () => {
  it('checks the day first, then shows the server’s refusal under it', async () => {
    const { api, user } = openAdminPanel(<PrayerListPanel />, {
      'GET /api/admin/prayer-list': json(list),
      'POST /api/admin/prayer-list/readings': apiError(400, 'Prayed on must be in the week', {
        prayedOn: 'Prayed on must be in the week',
      }),
    });
    const day = await screen.findByLabelText(/^Read at the tziyun on/);
    expect(day).toHaveProperty('value', '2026-11-27');
    await user.clear(day);
    await user.click(screen.getByRole('button', { name: 'Mark as prayed' }));
    await waitFor(() =>
      expect(fieldError(/^Read at the tziyun on/)).toBe('Prayed on must be a date (YYYY-MM-DD)'),
    );
    expect(api.to('POST /api/admin/prayer-list/readings')).toHaveLength(0);

    await user.type(day, '2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Mark as prayed' }));
    await waitFor(() =>
      expect(fieldError(/^Read at the tziyun on/)).toBe('Prayed on must be in the week'),
    );
    expect(shownToast()?.description).toBe('Prayed on must be in the week');
    expect(api.to('POST /api/admin/prayer-list/readings')[0]?.body).toEqual({
      week: '2026-11-22',
      prayedOn: '2026-11-23',
    });
  });
});
