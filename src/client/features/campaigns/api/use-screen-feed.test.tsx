// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignFixture, fixtureNow } from '~/client/features/campaigns/lib/campaign-fixture';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { CampaignScreen } from '~/client/features/campaigns/components/campaign-screen';
import { json, serveApi } from '~/client/test/component-test-kit';
import { POLL_MS } from './campaign-feed';
import { FakeEventSource, fakeEventSource } from './fake-event-source';
import { CHECK_MS, QUIET_MS, useScreenFeed } from './use-screen-feed';

/**
 * The projector's word on its connection, on a fake clock: nothing while the server answers,
 * "Reconnecting… last updated N minutes ago" once the stream has failed and the figures are a
 * minute old, and nothing again as soon as the server answers.
 */

const snapshot = `GET /api/campaigns/${campaignFixture.slug}`;
const at = (version: number, raised: number): CampaignView => ({
  ...campaignFixture,
  version,
  raised,
});

function LiveScreen() {
  const { campaign, status } = useScreenFeed(campaignFixture.slug, campaignFixture);
  return <CampaignScreen campaign={campaign} renderedAt={fixtureNow} status={status} />;
}

/** The server as the screen reaches it: answering with `view`, or not at all (down). */
function serve() {
  const server = { up: true, view: campaignFixture };
  const api = serveApi({
    [snapshot]: () => {
      if (!server.up) throw new TypeError('Failed to fetch');
      return json(server.view);
    },
  });
  render(<LiveScreen />);
  return { server, api, stream: FakeEventSource.latest };
}

const status = () => screen.getByRole('status').textContent;
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(fixtureNow) });
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', fakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the projector’s connection', () => {
  it('says nothing while the stream is open, and checks a quiet stream once a minute', async () => {
    const { api, stream } = serve();
    act(() => stream.open());
    await pass(CHECK_MS - 1);
    expect(api.to(snapshot)).toHaveLength(0);
    await pass(1);
    expect(api.to(snapshot)).toHaveLength(1);
    expect(status()).toBe('');
    await pass(CHECK_MS * 5);
    expect(status()).toBe('');
  });

  it('says how old the figures are once the server has been gone a minute, then clears on fresh data', async () => {
    const { server, stream } = serve();
    act(() => stream.open());
    server.up = false;
    act(() => stream.fail());
    // A restart or a moment without Wi-Fi passes unseen.
    await pass(59_000);
    expect(status()).toBe('');
    await pass(1_000);
    expect(status()).toBe('Reconnecting… last updated 1 minute ago');
    // The last figures stay up.
    expect(screen.getByText('$40,000 matched')).toBeTruthy();
    await pass(60_000);
    expect(status()).toBe('Reconnecting… last updated 2 minutes ago');
    await pass(58 * 60_000);
    expect(status()).toBe('Reconnecting… last updated 1 hour ago');

    // The server is back: the next try (within seconds) brings new figures and the words go.
    server.up = true;
    server.view = at(50, 60_000);
    await pass(5_000);
    expect(status()).toBe('');
    expect(screen.getByText('$60,000 given')).toBeTruthy();
  });

  it('says nothing of a stream that fails while the polls still answer', async () => {
    const { stream } = serve();
    act(() => stream.open());
    act(() => stream.fail());
    await pass(POLL_MS * 10);
    expect(status()).toBe('');
  });

  it('finds a stream cut off without an error (a Wi-Fi without internet) by its minute check', async () => {
    const { server, stream } = serve();
    act(() => stream.open());
    server.up = false;
    await pass(CHECK_MS);
    expect(status()).toBe('Reconnecting… last updated 1 minute ago');
    server.up = true;
    // The check is tried again every few seconds.
    await pass(5_000);
    expect(status()).toBe('');
  });

  it('says "Reconnecting…" a few seconds after the browser goes offline, and clears once back', async () => {
    const { stream } = serve();
    act(() => stream.open());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await pass(QUIET_MS - 1);
    expect(status()).toBe('');
    await pass(1);
    expect(status()).toBe('Reconnecting…');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await pass(0);
    expect(status()).toBe('');
  });
});
