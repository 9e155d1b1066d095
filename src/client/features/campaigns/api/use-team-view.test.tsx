// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignTeamView } from '~/shared/schemas/campaigns';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { TEAM_VIEW_RETRY_MS, useTeamView } from './use-team-view';

const team = { ...campaignFixture.teams[0]! };
const wallOf = (name: string) => [{ ...campaignFixture.wall[0]!, name }];
const viewAt = (version: number, name: string): CampaignTeamView => ({
  version,
  team,
  wall: wallOf(name),
});
const campaignAt = (version: number): CampaignView => ({ ...campaignFixture, version });
const answer = (view: CampaignTeamView) => ({ ok: true, json: async () => view });

let fetchStub: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchStub = vi.fn();
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The hook on a team page shown at the fixture's version, its wall "Shown first". */
function renderTeamView() {
  const hook = renderHook(
    ({ campaign }: { campaign: CampaignView }) =>
      useTeamView(campaign, { team, wall: wallOf('Shown first') }),
    { initialProps: { campaign: campaignFixture } },
  );
  const names = () => hook.result.current.wall.map((w) => w.name);
  return { ...hook, names };
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the team page’s wall as the campaign moves', () => {
  it('asks again after a short wait when an instance answers with an older version', async () => {
    const { rerender, names } = renderTeamView();
    expect(fetchStub).not.toHaveBeenCalled();
    fetchStub
      .mockResolvedValueOnce(answer(viewAt(campaignFixture.version, 'Shown first')))
      .mockResolvedValueOnce(answer(viewAt(campaignFixture.version + 1, 'After the gift')));
    rerender({ campaign: campaignAt(campaignFixture.version + 1) });
    await wait(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]![0]).toBe('/api/campaigns/giving-day-2026/teams/katz-family');
    expect(names()).toEqual(['Shown first']);
    await wait(TEAM_VIEW_RETRY_MS[0]! - 1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await wait(1);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(names()).toEqual(['After the gift']);
    // Caught up: nothing more is asked.
    await wait(60_000);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('asks again after a failed request, a few times, then waits for the next gift', async () => {
    const { rerender, names } = renderTeamView();
    fetchStub
      .mockResolvedValueOnce({ ok: false, json: async () => ({}) })
      .mockRejectedValue(new TypeError('offline'));
    rerender({ campaign: campaignAt(campaignFixture.version + 1) });
    await wait(0);
    for (const ms of TEAM_VIEW_RETRY_MS) await wait(ms);
    await wait(60_000);
    expect(fetchStub).toHaveBeenCalledTimes(1 + TEAM_VIEW_RETRY_MS.length);
    expect(names()).toEqual(['Shown first']);

    fetchStub.mockReset();
    fetchStub.mockResolvedValue(answer(viewAt(campaignFixture.version + 2, 'Two gifts on')));
    rerender({ campaign: campaignAt(campaignFixture.version + 2) });
    await wait(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(names()).toEqual(['Two gifts on']);
  });
});
