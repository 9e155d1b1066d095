// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { PrivacySection } from './privacy-section';

const box = () => screen.getByRole('checkbox', { name: 'I want to be forgotten' });
const ask = () => screen.getByRole('button', { name: 'Ask to be forgotten' });
const boxMessage = () => document.getElementById(box().getAttribute('aria-describedby') ?? '');

describe('My giving: the request to be forgotten', () => {
  it('asks for the box to be ticked, under it, and posts nothing until it is', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = renderWithProviders(<PrivacySection page={{}} />);
    await user.click(ask());
    await waitFor(() =>
      expect(boxMessage()?.textContent).toBe('Tick the box to confirm you want to be forgotten'),
    );
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box());
    expect(post).not.toHaveBeenCalled();

    await user.click(box());
    expect(boxMessage()).toBeNull();
    await user.click(ask());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const form = ask().closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/my-giving',
    ]);
    expect(Object.fromEntries(new FormData(form))).toEqual({
      _form: 'giving-erasure',
      confirm: 'yes',
    });
  });

  it('shows the server’s message under the box, and its answer once sent', () => {
    const { unmount } = renderWithProviders(
      <PrivacySection
        page={{
          returned: {
            name: 'giving-erasure',
            values: {},
            errors: { _: 'This form came from another site: nothing was done.' },
          },
        }}
      />,
    );
    expect(boxMessage()?.textContent).toBe('This form came from another site: nothing was done.');
    unmount();
    renderWithProviders(<PrivacySection page={{ sent: 'Your request is with the office.' }} />);
    expect(screen.getByText('Your request is with the office.').getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
