// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '~/shared/messages';
import { apiError, json, renderWithApi, shownToast } from '~/client/test/component-test-kit';
import { NewsletterForm } from './newsletter-form';

const pending =
  'Thank you! Please check your inbox and confirm your address to start the newsletter.';

describe('the footer’s newsletter signup', () => {
  it('asks the visitor to confirm by mail: nothing says subscribed before the address is confirmed', async () => {
    const { user } = renderWithApi(<NewsletterForm />, {
      'POST /api/newsletter': json({ message: pending }),
    });
    await user.type(screen.getByLabelText('Email address'), 'ruth@example.com');
    await user.click(screen.getByRole('button', { name: 'Inspire Me' }));
    await screen.findByTestId('toast');
    const toast = shownToast();
    expect(toast?.title).toBe('Check your email');
    expect(toast?.description).toBe(pending);
    expect(document.body.textContent).not.toContain('Subscribed');
  });
});

describe('the signup’s checks', () => {
  it('answers a blank or mistyped address with a toast, without a request', async () => {
    const { api, user } = renderWithApi(<NewsletterForm />, {});
    await user.click(screen.getByRole('button', { name: 'Inspire Me' }));
    await screen.findByTestId('toast');
    expect(shownToast()).toMatchObject({ title: 'Error', description: messages.emailRequired });
    await user.type(screen.getByLabelText('Email address'), 'ruth@');
    await user.click(screen.getByRole('button', { name: 'Inspire Me' }));
    await waitFor(() => expect(shownToast()?.description).toBe(messages.invalidEmail));
    expect(api.to('POST /api/newsletter')).toHaveLength(0);
  });

  it('shows the server’s refusal in a toast and keeps the address', async () => {
    const { user } = renderWithApi(<NewsletterForm />, {
      'POST /api/newsletter': apiError(429, 'Too many signups. Please wait a minute.'),
    });
    await user.type(screen.getByLabelText('Email address'), 'ruth@example.com');
    await user.click(screen.getByRole('button', { name: 'Inspire Me' }));
    await screen.findByTestId('toast');
    expect(shownToast()?.description).toBe('Too many signups. Please wait a minute.');
    expect(screen.getByLabelText('Email address')).toHaveProperty('value', 'ruth@example.com');
  });
});
