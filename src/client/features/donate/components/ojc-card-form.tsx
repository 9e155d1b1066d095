import { useState, type FormEvent } from 'react';
import { formatMoney } from '~/shared/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/use-zod-form';
import { chargeOjcPayment, type OjcPayment } from '../api/ojc-payments';

const loadCardSchema = () => import('~/shared/schemas/ojc');

/** Groups of four as the donor types, as printed on the card. */
function formatCardNumber(text: string) {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as the donor types. */
function formatExpiry(text: string) {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The charity card's number and expiry, sent to this server once, which charges OJC Fund; the
 * number is neither kept in the page after a charge nor stored by the server in plain text.
 */
export function OjcCardForm({
  payment,
  onPaid,
}: {
  payment: OjcPayment;
  onPaid: (payment: OjcPayment) => void;
}) {
  const toast = useToast();
  const [card, setCard] = useState({ cardNumber: '', expiry: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [charging, setCharging] = useState(false);
  const monthly = payment.donationType === 'subscription';
  const amount = formatMoney(payment.amountCents, payment.currency);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The server's own rules (number, MM/YY, not expired), checked here first.
    const schema = (await loadCardSchema()).ojcChargeInput(() => new Date());
    const parsed = schema.safeParse(card);
    const errs = parsed.success ? {} : fieldErrors(parsed.error);
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setCharging(true);
    setProblem(null);
    try {
      const result = await chargeOjcPayment(payment.paymentId, card);
      setCard({ cardNumber: '', expiry: '' });
      onPaid(result.payment);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The payment did not go through.';
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        const field = Object.keys(error.fields)[0];
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      setProblem(message);
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      setCharging(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      method="post"
      className="flex flex-col gap-5"
    >
      <TextField
        label="OJC card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={card.cardNumber}
        error={errors.cardNumber}
        disabled={charging}
        onValue={(_name, value) => setCard((c) => ({ ...c, cardNumber: formatCardNumber(value) }))}
      />
      <TextField
        label="Expiry (MM/YY)"
        name="expiry"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        required
        value={card.expiry}
        error={errors.expiry}
        disabled={charging}
        onValue={(_name, value) => setCard((c) => ({ ...c, expiry: formatExpiry(value) }))}
      />
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={charging} className="w-full text-lg">
        {charging ? 'Processing...' : monthly ? `Pay ${amount}/month` : `Pay ${amount}`}
      </Button>
    </form>
  );
}
