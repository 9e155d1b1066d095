// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ambassadorRequestSent } from '~/shared/schemas/campaign-teams';
import type { PageFormState } from '~/shared/page-forms';
import { PageDataProvider } from '~/client/app/page-data';
import { fieldError, renderWithProviders } from '~/client/test/component-test-kit';
import { AmbassadorForm } from './ambassador-form';

const path = '/campaign/giving-day-2026';

/** The form as the campaign's page renders it, with what the server sent back, if anything. */
function open(form?: PageFormState, search = '') {
  const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  const rendered = renderWithProviders(
    <PageDataProvider snapshot={{ path, search, data: null, ...(form ? { form } : {}) }}>
      <AmbassadorForm />
    </PageDataProvider>,
    { path: search ? `${path}?${search}` : path },
  );
  return { post, ...rendered };
}

describe('the ambassador’s request', () => {
  it('says under each field what is missing, focuses the first, and posts nothing', async () => {
    const { post, user } = open();
    await user.type(screen.getByLabelText(/^Your email/), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Ask to be an ambassador' }));
    await waitFor(() => expect(fieldError(/^Your name/)).toBe('Please enter your name'));
    expect(fieldError(/^Your email/)).toBeTruthy();
    expect(fieldError(/^Team name/)).toBe('Please enter the name of your team');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Your name/));
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the plain form to the campaign’s page once it is complete', async () => {
    const { post, user } = open();
    await user.type(screen.getByLabelText(/^Your name/), 'Reuven Katz');
    await user.type(screen.getByLabelText(/^Your email/), 'reuven.katz@example.org');
    await user.type(screen.getByLabelText(/^Team name/), 'The Katz Family');
    await user.click(screen.getByRole('button', { name: 'Ask to be an ambassador' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const form = screen.getByRole('button', { name: 'Ask to be an ambassador' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('#ambassador');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      _form: 'ambassador-request',
      name: 'Reuven Katz',
      email: 'reuven.katz@example.org',
      team: 'The Katz Family',
      goal: '',
      website: '',
    });
  });

  it('shows what the server sent back: what was typed and why, or that it was sent', () => {
    const { unmount } = open({
      name: 'ambassador-request',
      values: { name: 'Reuven Katz', email: 'reuven.katz@example.org', team: '', goal: '12.5' },
      errors: {
        team: 'Please enter the name of your team',
        goal: 'The goal must be a whole number of dollars, like 1800',
      },
    });
    expect(screen.getByLabelText(/^Your name/)).toHaveProperty('value', 'Reuven Katz');
    expect(fieldError(/^Team name/)).toBe('Please enter the name of your team');
    expect(fieldError(/^Team goal/)).toBe('The goal must be a whole number of dollars, like 1800');
    unmount();

    open(
      { name: 'ambassador-request', values: {}, errors: {}, sent: ambassadorRequestSent },
      'sent=ambassador-request',
    );
    expect(screen.getByText(ambassadorRequestSent).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Ask to be an ambassador' })).toBeNull();
  });
});
