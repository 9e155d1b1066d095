// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configuredContent, renderWithProviders } from '~/client/test/component-test-kit';
import { MiraclesSection } from './miracles-section';
import { TestimonialsSection } from './testimonials-section';

// The office may hide every testimonial or story (admin → Site Content): the page then leaves
// the section out rather than showing carousel buttons or a heading over nothing.
describe('sections whose every item the office hid', () => {
  it('are not shown', () => {
    const content = { ...configuredContent, testimonials: [], miracles: [] };
    renderWithProviders(
      <>
        <TestimonialsSection />
        <MiraclesSection />
      </>,
      { content },
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('are shown with what is left', () => {
    const content = {
      ...configuredContent,
      testimonials: configuredContent.testimonials.slice(0, 1),
      miracles: configuredContent.miracles.slice(0, 1),
    };
    renderWithProviders(
      <>
        <TestimonialsSection />
        <MiraclesSection />
      </>,
      { content },
    );
    expect(screen.getByText(content.testimonials[0]!.quote, { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { name: content.miracles[0]!.title })).toBeTruthy();
  });
});
