// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '~/shared/messages';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import { ContactSearch } from './ghl-contacts';

describe('the CRM’s search by email', () => {
  it('does nothing for a blank search, and refuses a mistyped address without a request', async () => {
    const onFound = vi.fn();
    const { api, user } = openAdminPanel(<ContactSearch onFound={onFound} />, {});
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(shownToast()).toBeNull();
    await user.type(screen.getByLabelText('Email address'), 'ruth@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Search Error'));
    expect(shownToast()?.description).toBe(messages.invalidEmail);
    expect(fieldError('Email address')).toBe(messages.invalidEmail);
    expect(api.requests).toHaveLength(0);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('searches for the address as the server reads it, and shows the server’s refusal', async () => {
    const onFound = vi.fn();
    const { api, user } = openAdminPanel(<ContactSearch onFound={onFound} />, {
      'GET /api/ghl/contact/ruth%40example.com': [
        json({ success: false, message: 'No contact with that email', contact: null }),
        apiError(502, 'The CRM did not answer. Please try again.'),
      ],
    });
    await user.type(screen.getByLabelText('Email address'), ' Ruth@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Contact Not Found'));
    expect(onFound).toHaveBeenCalledWith(null);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Search Error'));
    expect(shownToast()?.description).toBe('The CRM did not answer. Please try again.');
    expect(api.requests).toHaveLength(2);
  });
});
