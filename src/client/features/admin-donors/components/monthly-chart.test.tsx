// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MonthlyChart } from './monthly-chart';

/**
 * Giving by month on a phone: besides the column drawing, whose labels shrink
 * with it, the months as lines of text at the page's size, one bar each; the stylesheet shows
 * one or the other by the container's width.
 */
const months = [
  { month: '2025-01', amount: 50_000, count: 4 },
  { month: '2025-02', amount: 0, count: 0 },
  { month: '2025-03', amount: 123_400, count: 9 },
];

afterEach(cleanup);

describe('MonthlyChart', () => {
  it('draws the columns for a wide container and the lines for a narrow one', () => {
    render(<MonthlyChart months={months} />);
    const [drawing, lines] = screen.getAllByRole('img');
    expect(drawing!.tagName.toLowerCase()).toBe('svg');
    expect(drawing!.getAttribute('class')).toMatch(/(^| )hidden .*@3xl:block/);
    expect(lines!.className).toMatch(/@3xl:hidden/);
    // Both carry the same summary.
    expect(lines!.getAttribute('aria-label')).toBe(drawing!.getAttribute('aria-label'));
    expect(lines!.getAttribute('aria-label')).toMatch(/highest \$1,234\.00 in Mar 2025/);
  });

  it('shows each month as text with its amount, the bar as a share of the axis', () => {
    render(<MonthlyChart months={months} />);
    const rows = screen.getAllByTestId('month-bar');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Jan 2025$500',
      'Feb 2025$0',
      'Mar 2025$1,234',
    ]);
    // The axis tops out at $2,000 (a round ceiling above $1,234).
    const widths = rows.map((r) => r.querySelector('rect')!.getAttribute('width'));
    expect(widths).toEqual(['25%', '0%', '61.7%']);
    expect(within(rows[0]!).getByText('Jan 2025')).toBeDefined();
  });
});
