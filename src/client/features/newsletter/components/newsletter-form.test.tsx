// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders, serveApi, shownToast } from '~/client/test/component-test-kit';
import { NewsletterForm } from './newsletter-form';

const pending =
  'Thank you! Please check your inbox and confirm your address to start the newsletter.';

describe('the footer’s newsletter signup', () => {
  it('asks the visitor to confirm by mail: nothing says subscribed before the address is confirmed', async () => {
    serveApi({ 'POST /api/newsletter': json({ message: pending }) });
    const { user } = renderWithProviders(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'ruth@example.com');
    await user.click(screen.getByRole('button', { name: 'Inspire Me' }));
    await screen.findByTestId('toast');
    const toast = shownToast();
    expect(toast?.title).toBe('Check your email');
    expect(toast?.description).toBe(pending);
    expect(document.body.textContent).not.toContain('Subscribed');
  });
});
