// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import type { CampaignView } from '~/shared/schemas/campaigns';
import type { DonorRecordView } from '~/shared/schemas/donor-records';
import type { OfflineGiftView } from '~/shared/schemas/offline-gifts';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/test/campaign-fixture';
import { offlineGiftFixture } from '~/client/test/offline-gift-fixture';
import OfflineGiftsPanel from './offline-gifts-panel';

const recordRoute = 'POST /api/admin/offline-gifts';
const duplicate =
  'Cheque 2001 from this donor is already recorded (receipt 2026-0007, received Nov 2). If this is a second gift, confirm it and record it again.';

const known: DonorRecordView = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Rivka Cohen',
  email: null,
  otherEmails: [],
  postalAddress: '12 Main St, Monsey',
  gifts: 2,
  lastGiftAt: null,
};

const saved: OfflineGiftView = { ...offlineGiftFixture, donorId: known.id };

function open(replies: Response[], more: Record<string, Response> = {}) {
  return openAdminPanel(<OfflineGiftsPanel />, {
    'GET /api/admin/offline-gifts': json({ gifts: [] }),
    'GET /api/admin/campaigns': json({ campaigns: [] }),
    'GET /api/admin/donor-records': json({ donors: [known] }),
    [recordRoute]: replies,
    ...more,
  });
}

describe('the gifts received form', () => {
  it('says what is missing before sending anything', async () => {
    const { api, user } = open([json({ gift: saved }, 201)]);
    await user.click(screen.getByRole('button', { name: 'Record Gift' }));
    await waitFor(() => expect(fieldError(/^Donor's name/)).toBe("Please enter the donor's name"));
    expect(api.to(recordRoute)).toHaveLength(0);
  });

  it('records a gift without email for the donor record chosen, and a second cheque once confirmed', async () => {
    const { api, user } = open([
      apiError(400, 'Check the highlighted fields.', { reference: duplicate }),
      json({ gift: saved }, 201),
    ]);
    await user.type(screen.getByLabelText(/^Donor's name/), 'Rivka Cohen');
    await user.type(screen.getByLabelText(/^Amount/), '180');
    await user.type(screen.getByLabelText(/^Reference/), '2001');
    await user.type(screen.getByLabelText(/^Postal address/), '12 Main St, Monsey');
    await user.click(await screen.findByRole('radio', { name: /12 Main St, Monsey/ }));
    await user.click(screen.getByRole('button', { name: 'Record Gift' }));

    const confirm = await screen.findByRole('checkbox', { name: /second gift/ });
    expect(fieldError(/^Reference/)).toBe(duplicate);
    expect(api.to(recordRoute)[0]?.body).toMatchObject({ donorId: known.id });
    expect(api.to(recordRoute)[0]?.body).not.toHaveProperty('confirmDuplicate');

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Record Gift' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Gift Recorded'));
    expect(api.to(recordRoute)[1]?.body).toMatchObject({
      name: 'Rivka Cohen',
      amount: 180,
      reference: '2001',
      address: '12 Main St, Monsey',
      donorId: known.id,
      confirmDuplicate: true,
    });
    // Recorded: the form is empty again, the question gone.
    expect(screen.getByLabelText<HTMLInputElement>(/^Donor's name/).value).toBe('');
    expect(screen.queryByRole('checkbox', { name: /second gift/ })).toBeNull();
  });

  it('sends no donor record once an email is typed', async () => {
    const { api, user } = open([json({ gift: { ...saved, email: 'rivka@example.org' } }, 201)]);
    await user.type(screen.getByLabelText(/^Donor's name/), 'Rivka Cohen');
    await user.click(await screen.findByRole('radio', { name: /12 Main St, Monsey/ }));
    await user.type(screen.getByLabelText(/^Email/), 'rivka@example.org');
    await user.type(screen.getByLabelText(/^Amount/), '180');
    await user.type(screen.getByLabelText(/^Reference/), '2001');
    await user.click(screen.getByRole('button', { name: 'Record Gift' }));
    await waitFor(() => expect(api.to(recordRoute)).toHaveLength(1));
    expect(api.to(recordRoute)[0]?.body).not.toHaveProperty('donorId');
  });
});

const roofDay = campaignFixture;
const sukkahDay: CampaignView = {
  ...roofDay,
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a12',
  slug: 'sukkah-day',
  title: 'Sukkah Day',
};

const team = (
  n: number,
  slug: string,
  name: string,
  status: AdminTeamView['status'],
): AdminTeamView => ({
  id: `00000000-0000-4000-8000-0000000000c${n}`,
  slug,
  name,
  leaderName: 'Reuven Katz',
  leaderEmail: 'reuven@example.org',
  goal: null,
  group: null,
  status,
  raised: 0,
  donors: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('the team of a campaign gift', () => {
  it('offers the chosen campaign’s approved teams, none after another campaign, and sends the one chosen', async () => {
    const credited = {
      ...saved,
      receiptNumber: '',
      campaign: { id: roofDay.id, slug: roofDay.slug, title: roofDay.title },
      team: { slug: 'katz', name: 'The Katz Family' },
      wall: 'anonymous' as const,
      cleared: false,
    };
    const { api, user } = open([json({ gift: credited }, 201)], {
      'GET /api/admin/campaigns': json({ campaigns: [roofDay, sukkahDay] }),
      [`GET /api/admin/campaigns/${roofDay.id}/teams`]: json({
        teams: [
          team(1, 'katz', 'The Katz Family', 'approved'),
          team(2, 'waiting', 'Waiting Team', 'requested'),
          team(3, 'declined', 'Declined Team', 'declined'),
        ],
      }),
      [`GET /api/admin/campaigns/${sukkahDay.id}/teams`]: json({ teams: [] }),
    });
    // No campaign, no team to choose.
    expect(screen.queryByRole('combobox', { name: /^Team/ })).toBeNull();
    await user.type(screen.getByLabelText(/^Donor's name/), 'Rivka Cohen');
    await user.type(screen.getByLabelText(/^Email/), 'rivka@example.org');
    await user.type(screen.getByLabelText(/^Amount/), '180');
    await user.type(screen.getByLabelText(/^Reference/), '2001');
    const campaign = screen.getByRole('combobox', { name: /^Campaign/ });
    await screen.findByRole('option', { name: 'Roof Day' });
    await user.selectOptions(campaign, 'roof-day');

    const choice = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Team/ });
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No team', 'The Katz Family']),
    );
    await user.selectOptions(choice, 'katz');
    // Another campaign's teams are its own: the choice starts again.
    await user.selectOptions(campaign, 'sukkah-day');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /^Team/ }).value).toBe('');
    await user.selectOptions(campaign, 'roof-day');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Team/ }),
      await screen.findByRole('option', { name: 'The Katz Family' }),
    );

    await user.click(screen.getByRole('button', { name: 'Record Gift' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Gift Recorded'));
    expect(api.to(recordRoute)[0]?.body).toMatchObject({ campaign: 'roof-day', team: 'katz' });
  });
});
