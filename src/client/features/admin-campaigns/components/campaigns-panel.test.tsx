// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignView } from '~/shared/schemas/campaigns';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  type ApiRoutes,
  type RecordedRequest,
} from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/test/campaign-fixture';
import CampaignsPanel from './campaigns-panel';

const list = 'GET /api/admin/campaigns';
const create = 'POST /api/admin/campaigns';

/** A matcher part used: $2,500 of a $10,000 cap, one to one. */
const katzFamily: CampaignView['matchers'][number] = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a21',
  hasMatched: true,
  name: 'The Katz family',
  ratio: 1,
  cap: 10_000,
  used: 2_500,
};

/** A draft over Shabbat, with a goal beyond its goal and a matcher. */
function campaign(overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    ...campaignFixture,
    slug: 'erev-shabbat',
    title: 'Erev Shabbat for the tziyun',
    bonusGoals: [50_000],
    offlineGiftsMatched: false,
    status: 'draft',
    matchers: [katzFamily],
    computedEndsAt: '2026-12-13T02:05:00.000Z',
    pauses: [
      { start: '2026-12-11T21:09:00.000Z', end: '2026-12-12T22:14:00.000Z', kind: 'shabbat' },
    ],
    ...overrides,
  };
}

/** The campaign the server makes of a body: its times read back in UTC, as it answers. */
function saved(request: RecordedRequest, extra: Partial<CampaignView> = {}) {
  const body = request.body as Record<string, unknown> & {
    matchers: { name: string; ratio: number; cap: number }[];
  };
  const iso = (v: unknown) => (typeof v === 'string' ? new Date(v).toISOString() : null);
  return json(
    {
      campaign: campaign({
        ...(body as Partial<CampaignView>),
        story: String(body.story ?? ''),
        fund: (body.fund as string | null) ?? null,
        startsAt: iso(body.startsAt)!,
        endsAt: iso(body.endsAt)!,
        openUntil: iso(body.openUntil),
        matchers: body.matchers.map((m, i) => ({
          id: `6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7b${i}0`,
          hasMatched: false,
          ...m,
          used: 0,
        })),
        ...extra,
      }),
    },
    request.method === 'POST' ? 201 : 200,
  );
}

const open = (routes: ApiRoutes) => openAdminPanel(<CampaignsPanel />, routes);

describe('the campaigns list', () => {
  it('shows each campaign with its state, its computed end, its goal, a link and Edit', async () => {
    open({ [list]: json({ campaigns: [campaign()] }) });
    const table = await screen.findByRole('table', { name: 'All campaigns' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Erev Shabbat for the tziyun');
    expect(row.textContent).toMatch(/Draft, (upcoming|ended)/);
    // The end Shabbat moved it to, on the site's clock.
    expect(row.textContent).toContain('Dec 12, 2026, 9:05 PM EST');
    expect(row.textContent).toContain('$36,000');
    expect(row.textContent).toContain('$2,500');
    expect(
      within(row).getByRole('link', { name: '/campaign/erev-shabbat' }).getAttribute('href'),
    ).toBe('/campaign/erev-shabbat');
    // A draft is previewed as the office's preview shows it, before it is published.
    expect(
      within(row)
        .getByRole('link', { name: 'Preview Erev Shabbat for the tziyun' })
        .getAttribute('href'),
    ).toBe('/campaign/erev-shabbat?preview=draft');
    // The day's dedications, printed for the Rabbi.
    expect(
      within(row)
        .getByRole('link', { name: 'Dedications to print for Erev Shabbat for the tziyun' })
        .getAttribute('href'),
    ).toMatch(/^\/admin\/campaigns\/[0-9a-f-]+\/dedications$/);
    expect(
      within(row).getByRole('button', { name: 'Edit Erev Shabbat for the tziyun' }),
    ).toBeDefined();
  });
});

describe('the campaign form', () => {
  it('says at each field what is missing or wrong, and sends nothing', async () => {
    const { api, user } = open({ [list]: json({ campaigns: [] }) });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(screen.getByLabelText(/^Goal/), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fieldError(/^Title/)).toBe('Please enter the title'));
    expect(fieldError(/^Goal/)).toBe('The goal must be a number of whole dollars');
    const starts = within(screen.getByRole('group', { name: 'Starts' }));
    expect(starts.getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form').textContent).toContain('Please enter the start date and time');
    expect(screen.getByRole('form').textContent).toContain("Please enter the matcher's name");
    expect(api.to(create)).toHaveLength(0);
  });

  it('takes the sites that may show the thermometer one a line, and says which is wrong', async () => {
    const { api, user } = open({ [list]: json({ campaigns: [] }), [create]: (r) => saved(r) });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(screen.getByLabelText(/^Title/), 'Chai Day');
    await user.type(screen.getByLabelText(/^Goal/), '18000');
    await user.type(
      within(screen.getByRole('group', { name: 'Starts' })).getByLabelText(/^Date/),
      '2026-12-13',
    );
    await user.type(
      within(screen.getByRole('group', { name: 'Ends' })).getByLabelText(/^Date/),
      '2026-12-14',
    );
    await user.type(screen.getByLabelText(/^Name, as the page/), 'The Katz family');
    await user.type(screen.getByLabelText(/^Cap/), '5000');
    const sites = screen.getByLabelText(/^Other sites that may show the thermometer/);
    await user.type(sites, 'https://www.shul.example{Enter}www.school.example');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(fieldError(/^Other sites/)).toBe(
        'Each site must be an https address with no path, like https://www.example.org',
      ),
    );
    expect(api.to(create)).toHaveLength(0);
    await user.clear(sites);
    await user.type(sites, 'https://www.shul.example{Enter}https://school.example/');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to(create)).toHaveLength(1));
    expect((api.to(create)[0]!.body as { embedOrigins: string[] }).embedOrigins).toEqual([
      'https://www.shul.example',
      'https://school.example',
    ]);
  });

  it('suggests the slug from the title, sends times on the site clock with their offset across the March clock change, and shows the computed end', async () => {
    const { api, user } = open({
      [list]: json({ campaigns: [] }),
      [create]: (request) =>
        saved(request, {
          computedEndsAt: '2026-03-10T01:00:00.000Z',
          pauses: [],
        }),
      'PUT /api/admin/campaigns/6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11': (request) =>
        saved(request, { status: 'published' }),
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(screen.getByLabelText(/^Title/), 'Chai Day 2026!');
    expect((screen.getByLabelText(/^Web address name/) as HTMLInputElement).value).toBe(
      'chai-day-2026',
    );
    await user.type(screen.getByLabelText(/^Goal/), '180,000');
    const starts = within(screen.getByRole('group', { name: 'Starts' }));
    const ends = within(screen.getByRole('group', { name: 'Ends' }));
    // Saturday night before the clocks go forward (EST) to Sunday night after (EDT).
    await user.type(starts.getByLabelText(/^Date/), '2026-03-07');
    await user.type(ends.getByLabelText(/^Date/), '2026-03-08');
    await user.type(screen.getByLabelText(/^Name, as the page/), 'The Katz family');
    await user.type(screen.getByLabelText(/^Cap/), '50000');
    await user.click(screen.getByRole('button', { name: 'Add a matcher' }));
    const second = within(screen.getByRole('group', { name: 'Matcher 2' }));
    await user.type(second.getByLabelText(/^Name, as the page/), 'A friend');
    await user.selectOptions(second.getByLabelText('How it matches'), '2');
    await user.type(second.getByLabelText(/^Cap/), '25000');
    // The friend's match is used first.
    await user.click(screen.getByRole('button', { name: 'Move up: Matcher 2 (A friend)' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(api.to(create)).toHaveLength(1));
    expect(api.to(create)[0]!.body).toMatchObject({
      slug: 'chai-day-2026',
      title: 'Chai Day 2026!',
      goal: 180_000,
      startsAt: '2026-03-07T20:00:00-05:00',
      endsAt: '2026-03-08T20:00:00-04:00',
      openUntil: null,
      pauseForShabbat: true,
      recurringMonths: 12,
      status: 'draft',
      matchers: [
        { name: 'A friend', ratio: 2, cap: 25_000 },
        { name: 'The Katz family', ratio: 1, cap: 50_000 },
      ],
    });
    expect(await screen.findByTestId('computed-end')).toHaveProperty(
      'textContent',
      expect.stringContaining('Mar 9, 2026, 9:00 PM EDT'),
    );
    // The saved times read back as they were typed, on either side of the change.
    expect((starts.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-03-07');
    expect((ends.getByLabelText(/^Time/) as HTMLInputElement).value).toBe('20:00');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(api.to('PUT /api/admin/campaigns/6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11')).toHaveLength(
        1,
      ),
    );
    expect(
      api.to('PUT /api/admin/campaigns/6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11')[0]!.body,
    ).toMatchObject({
      status: 'published',
      endsAt: '2026-03-08T20:00:00-04:00',
      // The matchers as the first save stored them, named by their ids.
      matchers: [
        { id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7b00', name: 'A friend' },
        { id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7b10', name: 'The Katz family' },
      ],
    });
  });

  it('names the hour the clocks skip, at the start field', async () => {
    const { user } = open({ [list]: json({ campaigns: [] }) });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const starts = within(screen.getByRole('group', { name: 'Starts' }));
    await user.type(starts.getByLabelText(/^Date/), '2026-03-08');
    await user.clear(starts.getByLabelText(/^Time/));
    await user.type(starts.getByLabelText(/^Time/), '02:30');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(/The clocks go forward then, so 02:30 does not happen/),
    ).toBeDefined();
  });

  it("shows the server's refusal at its field: a published campaign's goal, a matcher's cap", async () => {
    const published = campaign({
      status: 'published',
      matchers: [
        katzFamily,
        {
          id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a22',
          hasMatched: true,
          name: 'A friend',
          ratio: 1.5,
          cap: 5_000,
          used: 5_000,
        },
      ],
    });
    const { user } = open({
      [list]: json({ campaigns: [published] }),
      [`PUT /api/admin/campaigns/${published.id}`]: apiError(
        400,
        'The campaign has started: its goal stays as donors saw it and cannot change',
        {
          goal: 'The campaign has started: its goal stays as donors saw it and cannot change',
          'matchers.1.cap': 'A friend has already given $5,000; the cap cannot be lower',
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${published.title}` }));
    const form = screen.getByRole('form', { name: `Edit ${published.title}` });
    expect((within(form).getByLabelText(/^Ratio/) as HTMLInputElement).value).toBe('1.5');
    await user.clear(within(form).getByLabelText(/^Goal/));
    await user.type(within(form).getByLabelText(/^Goal/), '30000');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fieldError(/^Goal/)).toBe(
        'The campaign has started: its goal stays as donors saw it and cannot change',
      ),
    );
    const friend = within(screen.getByRole('group', { name: 'Matcher 2 (A friend)' }));
    const cap = friend.getByLabelText(/^Cap/);
    expect(cap.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cap.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A friend has already given $5,000; the cap cannot be lower',
    );
  });

  it('sends each saved matcher back by its id, and shows a refused ratio change at the ratio', async () => {
    const published = campaign({ status: 'published' });
    const put = `PUT /api/admin/campaigns/${published.id}`;
    const message =
      'The Katz family has matched gifts at this ratio, so it cannot change; add a new matcher for another ratio';
    const { user, api } = open({
      [list]: json({ campaigns: [published] }),
      [put]: apiError(400, message, { 'matchers.0.ratio': message }),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${published.title}` }));
    const form = screen.getByRole('form', { name: `Edit ${published.title}` });
    expect(form.textContent).toContain('Has matched gifts: its ratio and its place stay');
    const katz = within(screen.getByRole('group', { name: 'Matcher 1 (The Katz family)' }));
    await user.selectOptions(katz.getByLabelText('How it matches'), '2');
    await user.click(within(form).getByRole('button', { name: 'Add a matcher' }));
    const second = within(screen.getByRole('group', { name: 'Matcher 2' }));
    await user.type(second.getByLabelText(/^Name, as the page/), 'A friend');
    await user.type(second.getByLabelText(/^Cap/), '100');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to(put)).toHaveLength(1));
    expect((api.to(put)[0]!.body as { matchers: unknown[] }).matchers).toEqual([
      {
        id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a21',
        name: 'The Katz family',
        ratio: 2,
        cap: 10_000,
      },
      { name: 'A friend', ratio: 1, cap: 100 },
    ]);
    const how = katz.getByLabelText('How it matches');
    await waitFor(() => expect(how.getAttribute('aria-invalid')).toBe('true'));
    const said = (how.getAttribute('aria-describedby') ?? '').split(' ');
    expect(said.map((id) => document.getElementById(id)?.textContent)).toContain(message);
  });
});

describe("the campaign's photo", () => {
  it('is sent once chosen; a refusal shows at the field, a kept photo under it with the title as alt', async () => {
    const saved = campaign();
    const post = `POST /api/admin/campaigns/${saved.id}/photo`;
    const notAPhoto = 'This file is not a JPEG, PNG or WebP photo, whatever its name says.';
    const kept = {
      photo: {
        src: '/media/0f8fad5b-d9cb-469f-a165-70867728950e.jpg',
        alt: saved.title,
        width: 600,
        height: 400,
        srcset: '/media/0f8fad5b-d9cb-469f-a165-70867728950e.jpg 600w',
      },
    };
    const { user, api } = open({
      [list]: json({ campaigns: [saved] }),
      [post]: [apiError(415, notAPhoto, { file: notAPhoto }), json(kept)],
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${saved.title}` }));
    const input = screen.getByLabelText(/^Photo/);
    await user.upload(input, new File(['words'], 'notes.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(fieldError(/^Photo/)).toBe(notAPhoto));
    await user.upload(input, new File(['jpeg'], 'roof.jpg', { type: 'image/jpeg' }));
    const img = await screen.findByRole('img', { name: saved.title });
    expect(img.getAttribute('src')).toBe(kept.photo.src);
    expect(fieldError(/^Photo/)).toBeUndefined();
    expect(api.to(post)).toHaveLength(2);
  });
});
