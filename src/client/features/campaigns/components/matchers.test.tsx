// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import { Matchers } from './matchers';

describe('the matchers', () => {
  it('shows each matcher in order with its ratio in words, cap, used, left and a bar', () => {
    renderWithProviders(<Matchers matchers={campaignFixture.matchers} />);
    const list = screen.getByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading').textContent).toBe('The Klein Family');
    expect(first!.textContent).toContain('Matched $25,000 in full');
    expect(first!.textContent).toContain('$25,000 used · $0 left');
    expect(within(second!).getByRole('heading').textContent).toBe('Friends of the Tziyun');
    expect(second!.textContent).toContain('triples every gift, up to $30,000');
    expect(second!.textContent).toContain('$15,000 used · $15,000 left');
    expect(
      within(second!)
        .getByRole('meter', { name: 'Friends of the Tziyun' })
        .getAttribute('aria-valuetext'),
    ).toBe('$15,000 of $30,000 used, $15,000 left');
  });

  it('says what each matched once the campaign has ended, and nothing "left"', () => {
    renderWithProviders(<Matchers matchers={campaignFixture.matchers} ended />);
    const [, second] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(second!.textContent).toContain('Matched $15,000 of gifts');
    expect(second!.textContent).not.toContain('left');
    expect(within(second!).getByRole('meter').getAttribute('aria-valuetext')).toBe(
      '$15,000 of $30,000 matched',
    );
  });

  it('is left out when the campaign has no matcher', () => {
    renderWithProviders(<Matchers matchers={[]} />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
