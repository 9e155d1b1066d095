// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignTeamPageData } from '~/shared/schemas/campaigns';
import { FakeEventSource } from '~/client/features/campaigns/api/fake-event-source';
import { campaignFixture, fixtureNow } from '~/client/features/campaigns/lib/campaign-fixture';
import { CampaignTeamPage } from './campaign-team-page';

const katz = campaignFixture.teams[0]!;
const teamUrl = 'https://tziyun.example/campaign/giving-day-2026/team/katz-family';
const photo = {
  src: '/media/0f8fad5b-d9cb-469f-a165-70867728950e.jpg',
  alt: katz.name,
  width: 1600,
  height: 1000,
  srcset:
    '/media/0f8fad5b-d9cb-469f-a165-70867728950e.jpg 960w, /media/1f8fad5b-d9cb-469f-a165-70867728950e.jpg 1600w',
  sources: [
    {
      type: 'image/webp' as const,
      srcset:
        '/media/2f8fad5b-d9cb-469f-a165-70867728950e.webp 960w, /media/3f8fad5b-d9cb-469f-a165-70867728950e.webp 1600w',
    },
  ],
};
const data: CampaignTeamPageData = {
  campaign: campaignFixture,
  team: { ...katz, photo },
  wall: [],
  renderedAt: fixtureNow,
  methods: ['credit_card', 'ojc'],
  share: { text: 'The Katz Family: every gift is doubled today!', pageUrl: teamUrl },
};
const sent = `${data.share.text} ${teamUrl}`;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the team page', () => {
  it('shows the team’s photo with its name as alt text, in the campaign page’s sizes', () => {
    document.body.innerHTML = renderToString(<CampaignTeamPage {...data} />);
    const img = screen.getByRole('img', { name: 'The Katz Family' });
    expect(img.getAttribute('srcset')).toBe(photo.srcset);
    expect(img.getAttribute('sizes')).toBe('(min-width: 1152px) 1104px, 100vw');
    const webp = document.querySelector('picture source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toBe(photo.sources[0]!.srcset);
  });

  it('shares the team’s link and message as plain links, with nothing that needs JavaScript', () => {
    const html = renderToString(<CampaignTeamPage {...data} />);
    document.body.innerHTML = html;
    const share = within(screen.getByRole('region', { name: 'Share this team' }));
    const whatsapp = new URL(share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!);
    expect(whatsapp.origin).toBe('https://api.whatsapp.com');
    expect(whatsapp.searchParams.get('text')).toBe(sent);
    expect(share.getByRole('link', { name: 'Text message' }).getAttribute('href')).toBe(
      `sms:?&body=${encodeURIComponent(sent)}`,
    );
    const email = share.getByRole('link', { name: 'Email' }).getAttribute('href')!;
    expect(email).toContain(
      `subject=${encodeURIComponent('The Katz Family: Giving Day for the Tziyun')}`,
    );
    expect(
      (share.getByRole('textbox', { name: 'Link to this page' }) as HTMLInputElement).value,
    ).toBe(teamUrl);
    expect(html).not.toContain('Copy link');
  });

  it('keeps the photo and offers Copy link once hydrated, as the live feed moves the team', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.instances = [];
    // The team's view read again for the new version: its wall, and the photo it carries.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ version: 42, team: { ...katz, raised: 4_000, photo }, wall: [] }),
      ),
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CampaignTeamPage {...data} />);
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <CampaignTeamPage {...data} />));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeDefined();

    // The snapshot's teams carry no photo.
    const teams = [{ ...katz, raised: 4_000 }, ...campaignFixture.teams.slice(1)];
    act(() => FakeEventSource.latest.send({ ...campaignFixture, version: 42, teams }));
    await waitFor(() =>
      expect(
        screen.getByRole('meter', { name: 'Raised by the team' }).getAttribute('aria-valuenow'),
      ).toBe('4000'),
    );
    expect(screen.getByRole('img', { name: 'The Katz Family' })).toBeDefined();
    act(() => root.unmount());
  });
});
