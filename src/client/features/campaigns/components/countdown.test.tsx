// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { campaignFixture, fixtureNow } from '~/client/features/campaigns/lib/campaign-fixture';
import { Countdown } from './countdown';

const minute = 60_000;
const hour = 60 * minute;
const timer = () => screen.getByRole('timer').textContent;
const after = (ms: number) => new Date(Date.parse(fixtureNow) + ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse(fixtureNow) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the countdown', () => {
  it('counts to the end in hours and minutes on the last day, moving on each minute', () => {
    renderWithProviders(<Countdown {...campaignFixture} renderedAt={fixtureNow} />);
    expect(timer()).toBe('Ends in 10 hours');
    expect(screen.getByText('Ends Wednesday, December 9 at 6:00 PM')).toBeDefined();
    act(() => vi.advanceTimersByTime(12 * minute + 1));
    expect(timer()).toBe('Ends in 9 hours 47 minutes');
    act(() => vi.advanceTimersByTime(10 * hour));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('The campaign has ended')).toBeDefined();
  });

  it('counts to the start before it, in days and hours', () => {
    renderWithProviders(
      <Countdown
        {...campaignFixture}
        startsAt="2026-12-10T15:30:00.000Z"
        endsAt="2026-12-11T15:30:00.000Z"
        openUntil={null}
        renderedAt={fixtureNow}
      />,
    );
    expect(timer()).toBe('Starts in 1 day 2 hours');
    expect(screen.getByText('Starts Thursday, December 10 at 10:30 AM')).toBeDefined();
  });

  it('skips a pause ahead in the time left, and while paused says when it resumes', () => {
    const pause = { start: after(2 * hour), end: after(4 * hour), kind: 'yom-tov' as const };
    const { rerender } = renderWithProviders(
      <Countdown {...campaignFixture} pauses={[pause]} renderedAt={fixtureNow} />,
    );
    // Ten hours to the end, two of them Yom Tov: eight hours of giving left.
    expect(timer()).toBe('Ends in 8 hours');
    rerender(
      <Countdown
        {...campaignFixture}
        pauses={[{ start: after(-hour), end: '2026-12-09T22:42:00.000Z', kind: 'shabbat' }]}
        endsAt="2026-12-13T23:00:00.000Z"
        renderedAt={fixtureNow}
      />,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Paused for Shabbat. Resumes Wednesday at 5:42 PM')).toBeDefined();
    expect(screen.getByText(/it now ends Sunday, December 13 at 6:00 PM/)).toBeDefined();
  });

  it('while paused in the still-open time, says until when gifts are welcome, not a past end', () => {
    renderWithProviders(
      <Countdown
        {...campaignFixture}
        pauses={[{ start: after(-hour), end: after(5 * hour), kind: 'shabbat' }]}
        endsAt={after(-2 * hour)}
        openUntil="2026-12-13T23:00:00.000Z"
        renderedAt={fixtureNow}
      />,
    );
    expect(screen.getByText(/^Paused for Shabbat/)).toBeDefined();
    expect(screen.queryByText(/it now ends/)).toBeNull();
    expect(
      screen.getByText(
        'The campaign has ended; gifts are still welcome after the pause, until Sunday, December 13 at 6:00 PM.',
      ),
    ).toBeDefined();
  });

  it('shows the result after the end, and in the still-open time that gifts are welcome', () => {
    vi.setSystemTime(Date.parse(fixtureNow) + 11 * hour);
    const { rerender } = renderWithProviders(
      <Countdown {...campaignFixture} openUntil={null} renderedAt={after(11 * hour)} />,
    );
    expect(
      screen.getByText('Together we raised $88,250 of the $100,000 goal. Thank you!'),
    ).toBeDefined();
    rerender(<Countdown {...campaignFixture} renderedAt={after(11 * hour)} />);
    expect(
      screen.getByText(
        'Together we raised $88,250 of the $100,000 goal. Gifts are still welcome until Friday, December 11 at 12:00 AM.',
      ),
    ).toBeDefined();
  });

  it('announces a change of state, not each minute', () => {
    const { rerender } = renderWithProviders(
      <Countdown {...campaignFixture} renderedAt={fixtureNow} />,
    );
    const live = document.querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('The campaign is live.');
    expect(live.contains(screen.getByRole('timer'))).toBe(false);
    expect(screen.getByRole('timer').closest('[aria-live]')).toBeNull();
    rerender(
      <Countdown
        {...campaignFixture}
        pauses={[{ start: after(-hour), end: after(hour), kind: 'shabbat' }]}
        renderedAt={fixtureNow}
      />,
    );
    expect(live.textContent).toBe('The campaign is paused.');
  });

  it('renders on the server with the time it was rendered at, whatever the clock says', () => {
    vi.setSystemTime(Date.parse(fixtureNow) + 3 * hour);
    const html = renderToString(<Countdown {...campaignFixture} renderedAt={fixtureNow} />);
    expect(html).toContain('Ends in 10 hours');
  });
});
