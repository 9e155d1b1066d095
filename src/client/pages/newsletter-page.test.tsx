// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageFormState } from '~/shared/page-forms';
import { PageDataProvider } from '~/client/app/page-data';
import { renderWithProviders } from '~/client/test/component-test-kit';
import NewsletterPage from './newsletter-page';

/** The page as the server renders it for `path` (and a form it sent back). */
function open(path: string, form?: PageFormState) {
  const [pathname = '/', search = ''] = path.split('?');
  return renderWithProviders(
    <PageDataProvider snapshot={{ path: pathname, search, data: null, form }}>
      <NewsletterPage />
    </PageDataProvider>,
    { path },
  );
}

/** The page itself, without the site's toast regions (an empty alert among them). */
const content = () => within(screen.getByRole('heading', { level: 1 }).closest('section')!);

const hidden = (form: HTMLElement, name: string) =>
  form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;

describe('the newsletter’s confirmation link', () => {
  it('shows one button, in a plain form that posts the token to the page', () => {
    open('/newsletter/confirm?token=the-token');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm Your Subscription' }),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Confirm my subscription' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/newsletter/confirm');
    expect(hidden(form, '_form')).toBe('newsletter-confirm');
    expect(hidden(form, 'token')).toBe('the-token');
    expect(within(form).getAllByRole('button')).toHaveLength(1);
    expect(content().queryByRole('alert')).toBeNull();
  });

  it('refused (from another site), says why above the button, which keeps the token', () => {
    const message =
      'This change came from another website, so nothing was changed. Open this page from the link in your email and try again.';
    open('/newsletter/confirm', {
      name: 'newsletter-confirm',
      values: { token: 'the-token' },
      errors: { _: message },
    });
    expect(content().getByRole('alert').textContent).toBe(message);
    const form = screen.getByRole('form', { name: 'Confirm my subscription' });
    expect(hidden(form, 'token')).toBe('the-token');
  });

  it('without a token, says the link is not valid, and offers no button', () => {
    open('/newsletter/confirm', {
      name: 'newsletter-confirm',
      values: {},
      errors: { token: 'This link is not complete. Open it again from your email.' },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This Link Is Not Valid');
    expect(
      screen.getByText('This link is not complete. Open it again from your email.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['confirmed', 'Subscription Confirmed'],
    ['already-confirmed', 'Already Confirmed'],
    ['invalid', 'This Link Is Not Valid'],
  ])('after the button: ?status=%s reads "%s"', (status, title) => {
    open(`/newsletter?status=${status}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });
});
