// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '~/shared/messages';
import {
  apiError,
  fieldError,
  json,
  renderWithApi,
  shownToast,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { ApplicationForm } from './application-form';

const [spark, flame] = siteConfig.tiers;

const application = {
  id: 'app-1',
  tier: flame!.id,
  message: 'Application received',
  checkout: { amount: flame!.price, methods: ['credit_card' as const] },
};

function open(routes: ApiRoutes = {}) {
  const onSubmitted = vi.fn();
  const onTierChange = vi.fn();
  const view = renderWithApi(
    <ApplicationForm tierId={flame!.id} onTierChange={onTierChange} onSubmitted={onSubmitted} />,
    routes,
    { path: '/join' },
  );
  return { onSubmitted, onTierChange, ...view };
}

const submit = () => screen.getByRole('button', { name: 'Submit Application' });

async function fillRequired(user: ReturnType<typeof open>['user']) {
  await user.type(screen.getByLabelText(/First Name/), 'Sarah');
  await user.type(screen.getByLabelText(/Last Name/), 'Katz');
  await user.type(screen.getByLabelText(/^Email/), 'Sarah.Katz@Example.org');
}

describe('the membership application form', () => {
  it('offers every tier, with the one chosen on the page selected', () => {
    open();
    const select = screen.getByLabelText(/Membership Tier/) as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.textContent)).toEqual(
      siteConfig.tiers.map((t) => `${t.name} ($${t.price}/month)`),
    );
    expect(select.value).toBe(flame!.id);
  });

  it('tells the page when the applicant picks another tier', async () => {
    const { user, onTierChange } = open();
    await user.selectOptions(screen.getByLabelText(/Membership Tier/), spark!.id);
    expect(onTierChange).toHaveBeenCalledWith(spark!.id);
  });

  it('names each required field left empty, focuses the first and sends nothing', async () => {
    const { user, api } = open();
    await user.click(submit());
    await waitFor(() => expect(fieldError(/First Name/)).toBe('First name is required'));
    expect(fieldError(/Last Name/)).toBe('Last name is required');
    expect(fieldError(/^Email/)).toBe(messages.invalidEmail);
    expect(fieldError(/^Phone/)).toBeUndefined();
    expect(fieldError(/Prayer Intentions/)).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText(/First Name/));
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a malformed email and phone, and clears the messages as they are corrected', async () => {
    const { user, api } = open();
    await user.type(screen.getByLabelText(/First Name/), 'Sarah');
    await user.type(screen.getByLabelText(/Last Name/), 'Katz');
    await user.type(screen.getByLabelText(/^Email/), 'sarah@katz');
    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    await user.click(submit());
    await waitFor(() => expect(fieldError(/^Email/)).toBe(messages.invalidEmail));
    expect(fieldError(/^Phone/)).toBe('Please enter a valid phone number');
    expect(fieldError(/First Name/)).toBeUndefined();

    await user.type(screen.getByLabelText(/^Email/), '.org');
    await user.clear(screen.getByLabelText(/^Phone/));
    await waitFor(() => expect(fieldError(/^Email/)).toBeUndefined());
    expect(fieldError(/^Phone/)).toBeUndefined();
    expect(api.requests).toHaveLength(0);
  });

  it('limits the message to 2000 characters', async () => {
    const { user } = open();
    await fillRequired(user);
    const message = screen.getByLabelText(/^Message/);
    await user.click(message);
    await user.paste('x'.repeat(2001));
    await user.click(submit());
    await waitFor(() =>
      expect(fieldError(/^Message/)).toBe('Message must be at most 2000 characters'),
    );
  });

  it('sends the application, cleaned as the server reads it, and reports the tier', async () => {
    let release: () => void = () => undefined;
    const { user, api, onSubmitted } = open({
      'POST /api/membership-applications': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(application, 201));
        }),
    });
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Prayer Intentions/), '  Refuah for Chaya bat Leah ');
    await user.click(submit());

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(application));
    expect(api.to('POST /api/membership-applications')[0]!.body).toEqual({
      firstName: 'Sarah',
      lastName: 'Katz',
      email: 'sarah.katz@example.org',
      phone: null,
      membershipTier: flame!.id,
      prayerIntentions: 'Refuah for Chaya bat Leah',
      message: null,
      website: '',
    });
    expect(shownToast()).toBeNull();
  });

  it('shows the server’s field messages under the fields, with a toast', async () => {
    const { user, onSubmitted } = open({
      'POST /api/membership-applications': apiError(400, 'Check the form', {
        email: 'An application with this email is already open',
      }),
    });
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() =>
      expect(fieldError(/^Email/)).toBe('An application with this email is already open'),
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(shownToast()).toMatchObject({
      title: 'Error',
      description: 'Check the form',
      role: 'alert',
    });
    expect(onSubmitted).not.toHaveBeenCalled();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the application cannot be sent', async () => {
    const { user } = open({
      'POST /api/membership-applications': apiError(503, 'Service unavailable'),
    });
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() => expect(shownToast()?.description).toBe('Service unavailable'));
    expect(fieldError(/^Email/)).toBeUndefined();
  });
});
