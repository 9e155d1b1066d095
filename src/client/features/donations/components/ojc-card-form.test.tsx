// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ojcCardMessages, type OjcPayment } from '~/shared/schemas/ojc';
import {
  apiError,
  fieldError,
  json,
  renderWithApi,
  shownToast,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { OjcCardForm } from './ojc-card-form';

const payment: OjcPayment = {
  paymentId: '3f0c5a52-8f8e-4a52-9a3c-6d1f0b2a9e11',
  amountCents: 3600,
  feeCents: 0,
  currency: 'usd',
  donationType: 'onetime',
  donorName: 'Moshe Levi',
  dedication: null,
  status: 'pending',
  cardLast4: null,
  donatedAt: null,
};
const chargePath = `POST /api/ojc/payments/${payment.paymentId}/charge`;

function open(routes: ApiRoutes = {}, shown: OjcPayment = payment) {
  const onPaid = vi.fn();
  return { onPaid, ...renderWithApi(<OjcCardForm payment={shown} onPaid={onPaid} />, routes) };
}

const cardField = () => screen.getByLabelText(/OJC card number/) as HTMLInputElement;
const expiryField = () => screen.getByLabelText(/Expiry/) as HTMLInputElement;

describe('the OJC card form', () => {
  it('names the amount on the button, with /month for a monthly gift', () => {
    open();
    expect(screen.getByRole('button', { name: 'Pay $36.00' })).toBeDefined();
  });

  it('adds /month to a monthly gift’s button', () => {
    open({}, { ...payment, donationType: 'subscription', amountCents: 18000 });
    expect(screen.getByRole('button', { name: 'Pay $180.00/month' })).toBeDefined();
  });

  it('groups the number by four and writes the expiry as MM/YY while the donor types', async () => {
    const { user } = open();
    await user.type(cardField(), '6034-9300 1234 5678');
    expect(cardField().value).toBe('6034 9300 1234 5678');
    await user.type(expiryField(), '1240');
    expect(expiryField().value).toBe('12/40');
  });

  it('requires the number and the expiry', async () => {
    const { user, api } = open();
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));
    await waitFor(() => expect(fieldError(/OJC card number/)).toBe(ojcCardMessages.cardRequired));
    expect(fieldError(/Expiry/)).toBe(ojcCardMessages.expiryRequired);
    expect(document.activeElement).toBe(cardField());
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a short number, a month that does not exist and an expired card', async () => {
    const { user, api } = open();
    await user.type(cardField(), '1234');
    await user.type(expiryField(), '1330');
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));
    await waitFor(() => expect(fieldError(/OJC card number/)).toBe(ojcCardMessages.cardInvalid));
    // The month is what is wrong, not the way it is written.
    expect(fieldError(/Expiry/)).toBe('There is no month 13: the month is 01 to 12.');

    await user.clear(expiryField());
    await user.type(expiryField(), '13/20');
    await waitFor(() =>
      expect(fieldError(/Expiry/)).toBe('There is no month 13: the month is 01 to 12.'),
    );
    await user.clear(expiryField());
    await user.type(expiryField(), '0025');
    await waitFor(() =>
      expect(fieldError(/Expiry/)).toBe('There is no month 00: the month is 01 to 12.'),
    );
    // Not a month and a year at all: then the form it takes.
    await user.clear(expiryField());
    await user.type(expiryField(), '1');
    await waitFor(() => expect(fieldError(/Expiry/)).toBe(ojcCardMessages.expiryInvalid));

    await user.clear(expiryField());
    await user.type(expiryField(), '0120');
    await waitFor(() => expect(fieldError(/Expiry/)).toBe(ojcCardMessages.expired));
    expect(api.requests).toHaveLength(0);
  });

  it('shows the decline and a failure toast, and lets the donor try another card', async () => {
    const { user, api, onPaid } = open({
      [chargePath]: apiError(402, 'The card was declined: insufficient funds'),
    });
    await user.type(cardField(), '6034930012345678');
    await user.type(expiryField(), '1240');
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));

    await waitFor(() => expect(shownToast()).not.toBeNull());
    // Said in the form (an alert beside the button) and in the toast.
    const declined =
      'The card was declined: insufficient funds. No money was taken. Please check the card, or use another one.';
    const said = screen.getAllByText(declined);
    expect(said.map((el) => el.getAttribute('role') ?? 'toast')).toEqual(['alert', 'toast']);
    expect(shownToast()).toMatchObject({
      title: 'Payment Failed',
      description: declined,
      role: 'alert',
    });
    expect(api.to(chargePath)[0]!.body).toEqual({
      cardNumber: '6034 9300 1234 5678',
      expiry: '12/40',
    });
    expect(onPaid).not.toHaveBeenCalled();
    expect(cardField().value).toBe('6034 9300 1234 5678');
    expect((screen.getByRole('button', { name: 'Pay $36.00' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('hands the paid payment on and clears the card from the page', async () => {
    const paid: OjcPayment = {
      ...payment,
      status: 'succeeded',
      cardLast4: '5678',
      donatedAt: '2026-03-01T15:00:00.000Z',
    };
    const { user, onPaid } = open({ [chargePath]: json({ success: true, payment: paid }) });
    await user.type(cardField(), '6034930012345678');
    await user.type(expiryField(), '1240');
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid));
    expect(cardField().value).toBe('');
    expect(expiryField().value).toBe('');
    expect(screen.queryByText(/declined/)).toBeNull();
    expect(shownToast()).toMatchObject({ title: 'Payment Successful' });
  });

  it("a success after a decline takes the failure toast's place", async () => {
    const paid: OjcPayment = { ...payment, status: 'succeeded', cardLast4: '4242' };
    const { user } = open({
      [chargePath]: [
        apiError(402, 'The card was declined: insufficient funds'),
        json({ success: true, payment: paid }),
      ],
    });
    await user.type(cardField(), '6034930012345678');
    await user.type(expiryField(), '1240');
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: 'Payment Failed' }));
    await user.click(screen.getByRole('button', { name: 'Pay $36.00' }));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: 'Payment Successful' }));
  });
});
