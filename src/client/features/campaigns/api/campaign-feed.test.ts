import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { CampaignFeed, POLL_MS } from './campaign-feed';
import { FakeEventSource, fakeEventSource } from './fake-event-source';

const at = (version: number, raised = campaignFixture.raised): CampaignView => ({
  ...campaignFixture,
  version,
  raised,
});

function snapshotResponse(view: CampaignView, etag: string) {
  return new Response(JSON.stringify(view), {
    headers: { 'content-type': 'application/json', etag },
  });
}

let fetchStub: ReturnType<typeof vi.fn>;
let shown: CampaignView[];

/** Without `stream`, as a browser without EventSource. */
function startFeed({ stream = true } = {}) {
  const feed = new CampaignFeed({
    slug: campaignFixture.slug,
    initial: campaignFixture,
    onChange: (view) => shown.push(view),
    eventSource: stream ? fakeEventSource : undefined,
  });
  feed.start();
  return feed;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  shown = [];
  fetchStub = vi.fn();
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the campaign feed', () => {
  it('opens the campaign’s event stream and takes each newer snapshot it sends', () => {
    startFeed();
    const source = FakeEventSource.latest;
    expect(source.url).toBe('/api/campaigns/giving-day-2026/events');
    source.open();
    source.send(at(42, 50_000));
    source.send(at(43, 51_000));
    expect(shown.map((v) => [v.version, v.raised])).toEqual([
      [42, 50_000],
      [43, 51_000],
    ]);
  });

  it('takes a new state in time at the same version (the server pushes a start, an end, a pause)', () => {
    startFeed();
    const source = FakeEventSource.latest;
    source.send(at(45));
    source.send({ ...at(45), state: 'ended' });
    source.send({ ...at(45), state: 'ended' });
    expect(shown.map((v) => [v.version, v.state])).toEqual([
      [45, campaignFixture.state],
      [45, 'ended'],
    ]);
  });

  it('polls while the browser reconnects a lost stream by itself, and stops once it is back', async () => {
    fetchStub.mockResolvedValue(snapshotResponse(at(42), '"v42"'));
    startFeed();
    const source = FakeEventSource.latest;
    source.open();
    source.drop();
    expect(source.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    // The same EventSource, reconnecting: no second one is made.
    expect(FakeEventSource.instances).toHaveLength(1);
    source.open();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('never goes back: an older or the same version, another campaign or a broken message is skipped', () => {
    startFeed();
    const source = FakeEventSource.latest;
    source.send(at(45));
    source.send(at(44));
    source.send(at(45));
    source.send({ ...at(50), slug: 'another-campaign' });
    source.send('{not json');
    source.send({ raised: 1 });
    expect(shown.map((v) => v.version)).toEqual([45]);
  });

  it('polls the snapshot every 15 s with its ETag while the stream is closed, then returns to the stream', async () => {
    fetchStub
      .mockResolvedValueOnce(snapshotResponse(at(42), '"v42"'))
      .mockResolvedValueOnce(new Response(null, { status: 304 }))
      .mockResolvedValueOnce(snapshotResponse(at(44), '"v44"'));
    startFeed();
    const first = FakeEventSource.latest;
    first.fail();
    expect(first.closed).toBe(true);

    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(fetchStub).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]![0]).toBe('/api/campaigns/giving-day-2026');
    expect(fetchStub.mock.calls[0]![1].headers).toEqual({});
    expect(shown.map((v) => v.version)).toEqual([42]);

    // After the poll it tries the stream again; that one fails too, so polling goes on.
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.latest.fail();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(fetchStub.mock.calls[1]![1].headers).toEqual({ 'If-None-Match': '"v42"' });
    expect(shown.map((v) => v.version)).toEqual([42]);

    // The stream opens: no more polling, and its snapshots are taken.
    const back = FakeEventSource.latest;
    expect(FakeEventSource.instances).toHaveLength(3);
    back.open();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    back.send(at(43));
    expect(shown.map((v) => v.version)).toEqual([42, 43]);
  });

  it('polls without an EventSource in the browser, and keeps polling when a poll fails', async () => {
    fetchStub
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
      .mockResolvedValueOnce(snapshotResponse(at(42), '"v42"'));
    startFeed({ stream: false });
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(shown.map((v) => v.version)).toEqual([42]);
  });

  it('tells when the server answers (a 304 too) and when the stream or a poll fails', async () => {
    fetchStub
      .mockResolvedValueOnce(new Response(null, { status: 304 }))
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
      .mockRejectedValueOnce(new TypeError('offline'));
    const heard: string[] = [];
    new CampaignFeed({
      slug: campaignFixture.slug,
      initial: campaignFixture,
      onChange: () => undefined,
      onContact: () => heard.push('contact'),
      onFailure: () => heard.push('failure'),
      eventSource: fakeEventSource,
    }).start();
    const source = FakeEventSource.latest;
    source.open();
    source.send(at(42));
    source.fail();
    expect(heard).toEqual(['contact', 'contact', 'failure']);
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(heard).toEqual(['contact', 'contact', 'failure', 'contact', 'failure', 'failure']);
  });

  it('does not take a poll’s older answer (another instance behind) after the stream moved on', async () => {
    fetchStub.mockResolvedValueOnce(snapshotResponse(at(42), '"v42"'));
    startFeed();
    FakeEventSource.latest.send(at(43));
    FakeEventSource.latest.fail();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(shown.map((v) => v.version)).toEqual([43]);
  });

  it('stops: the stream is closed and nothing is polled', async () => {
    const feed = startFeed();
    const source = FakeEventSource.latest;
    source.fail();
    feed.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchStub).not.toHaveBeenCalled();
    source.send(at(50));
    expect(shown).toEqual([]);
  });
});
