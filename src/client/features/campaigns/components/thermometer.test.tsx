// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import { Thermometer } from './thermometer';

describe('the thermometer', () => {
  it('shows given and matched against the goal, pending apart, as a meter that says its numbers', () => {
    renderWithProviders(<Thermometer {...campaignFixture} />);
    const meter = screen.getByRole('meter', { name: 'Raised so far' });
    expect(meter.getAttribute('aria-valuenow')).toBe('88250');
    expect(meter.getAttribute('aria-valuemax')).toBe('100000');
    expect(meter.getAttribute('aria-valuetext')).toBe(
      '$88,250 raised of the $100,000 goal, 88 percent, and $1,200 pending',
    );
    expect(screen.getByText('$1,200 pending')).toBeDefined();
    expect(screen.getByText('$48,250 given')).toBeDefined();
    expect(screen.getByText('$40,000 matched')).toBeDefined();
    expect(screen.getByText('312 donors')).toBeDefined();
    expect(screen.getByText('Goal: $100,000')).toBeDefined();
    // The bonus goals are published from the start, not only once the goal is reached.
    expect(screen.getByText('Bonus goals: $150,000, $200,000')).toBeDefined();
    expect(screen.getByTestId('pending-bar').getAttribute('width')).toBe('1%');
  });

  it('names the next bonus goal once the goal is passed', () => {
    renderWithProviders(<Thermometer {...campaignFixture} raised={70_000} />);
    expect(screen.getByText('The $100,000 goal is reached! Next goal: $150,000.')).toBeDefined();
    expect(screen.getByText('Bonus goals: $150,000, $200,000')).toBeDefined();
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe(
      '$110,000 raised of the next goal, $150,000, 73 percent, and $1,200 pending',
    );
  });

  it('marks each bonus goal the total has reached', () => {
    renderWithProviders(<Thermometer {...campaignFixture} raised={120_000} />);
    expect(screen.getByText('Bonus goals: $150,000 (reached), $200,000')).toBeDefined();
  });

  it('slides only for those who have not asked for less motion', () => {
    renderWithProviders(<Thermometer {...campaignFixture} pending={0} />);
    const fill = screen.getByRole('meter').querySelector('rect')!;
    expect(fill.getAttribute('class')).toContain('motion-safe:transition-[width]');
    expect(fill.getAttribute('class')).not.toMatch(/(^| )transition/);
    expect(screen.queryByText(/pending/)).toBeNull();
  });
});
