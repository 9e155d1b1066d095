// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '~/client/features/campaigns/api/fake-event-source';
import { campaignFixture, fixtureNow } from '~/client/features/campaigns/lib/campaign-fixture';
import { CampaignPage } from './campaign-page';

const share = {
  text: 'Join me in giving to the Giving Day for the Tziyun.',
  pageUrl: 'https://tziyun.example/campaign/giving-day-2026',
};
const page = <CampaignPage campaign={campaignFixture} renderedAt={fixtureNow} share={share} />;

/**
 * Axe's findings on the server's HTML. Contrast is left to the browser tests: it needs the
 * stylesheet and a layout, which this DOM has neither of.
 */
async function axeViolations(html: string) {
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<main>${html}</main>`;
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the campaign page', () => {
  it('renders on the server complete: title, thermometer and gift button first, then the rest in order', () => {
    const html = renderToString(page);
    const order = [
      '<h1',
      'role="meter"',
      'href="#give"',
      'role="timer"',
      'Matchers',
      'thirty-six hours',
      'id="give"',
      'Donor wall',
    ].map((mark) => html.indexOf(mark));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('Giving Day for the Tziyun');
    expect(html).toContain('<strong>thirty-six hours</strong>');
    expect(html).toContain('Ends in 10 hours');
  });

  it('hydrates the server’s HTML as it is, then follows the live feed', async () => {
    vi.useFakeTimers({ now: Date.parse(fixtureNow) + 90_000, toFake: ['Date'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.instances = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, page));
    // The clock moved on since the server rendered: the countdown follows it once hydrated.
    expect(screen.getByRole('timer').textContent).toBe('Ends in 9 hours 58 minutes');

    const source = FakeEventSource.latest;
    expect(source.url).toBe('/api/campaigns/giving-day-2026/events');
    act(() => source.send({ ...campaignFixture, version: 42, raised: 60_000, donors: 313 }));
    expect(screen.getByText('313 donors')).toBeDefined();
    expect(screen.getByRole('meter', { name: 'Raised so far' }).getAttribute('aria-valuenow')).toBe(
      '100000',
    );
    act(() => source.send({ ...campaignFixture, version: 40, donors: 300 }));
    expect(screen.getByText('313 donors')).toBeDefined();
    act(() => root.unmount());
    expect(source.closed).toBe(true);
  });

  it('says under the title what the money is for, when the office named it', () => {
    expect(renderToString(page)).toContain('For: the new roof over the tziyun');
    const none = renderToString(
      <CampaignPage
        campaign={{ ...campaignFixture, fund: null }}
        renderedAt={fixtureNow}
        share={share}
      />,
    );
    expect(none).not.toContain('For: ');
  });

  it('offers no gift button while the campaign takes no gifts', () => {
    const html = renderToString(
      <CampaignPage
        campaign={{ ...campaignFixture, state: 'ended' }}
        renderedAt={fixtureNow}
        share={share}
      />,
    );
    expect(html).not.toContain('href="#give"');
    expect(html).toContain('The campaign has ended');
  });

  it('passes axe in each state, and axe here finds what it should', async () => {
    for (const state of ['live', 'paused', 'ended'] as const) {
      const html = renderToString(
        <CampaignPage
          campaign={{ ...campaignFixture, state }}
          renderedAt={fixtureNow}
          share={share}
        />,
      );
      expect(await axeViolations(html), state).toEqual([]);
    }
    expect(await axeViolations('<input type="text">')).toHaveLength(1);
  });
});
