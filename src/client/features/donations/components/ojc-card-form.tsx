import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { ProblemAlert, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import type { OjcPayment } from '~/shared/schemas/ojc';
import { chargeOjcPayment } from '~/client/features/donations/api/ojc-payments';
import { paymentProblem } from '~/client/features/donations/lib/payment-problem';

/** The server's own rules (number, MM/YY, not expired), with the browser's clock. */
const loadCardSchema = () =>
  import('~/shared/schemas/ojc').then((m) => m.ojcChargeInput(() => new Date()));

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
  // Posted without JavaScript, the page comes back with the messages (never the card number).
  const page = usePageForm('ojc-charge');
  const form = useZodForm(loadCardSchema, { cardNumber: '', expiry: '' }, page.returned);
  const { values, submitting, setValue, field } = form;
  const [problem, setProblem] = useState<string | null>(page.returned?.errors._ ?? null);
  const monthly = payment.donationType === 'subscription';
  const amount = formatMoney(payment.amountCents, payment.currency);

  // The card goes to the server as typed: it applies the same rules again, with its own clock.
  const onSubmit = form.handleSubmit(async () => {
    setProblem(null);
    try {
      const result = await chargeOjcPayment(payment.paymentId, {
        cardNumber: values.cardNumber ?? '',
        expiry: values.expiry ?? '',
      });
      form.reset();
      // As the card checkout says it; and a failure toast from an earlier try does not stay
      // over the thank-you.
      toast({ title: 'Payment Successful', description: 'Thank you for your generous donation!' });
      onPaid(result.payment);
    } catch (error) {
      const problem = paymentProblem(error, 'charging');
      setProblem(problem);
      toast({ title: 'Payment Failed', description: problem, variant: 'destructive' });
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(e) => onSubmit(e).catch(() => undefined)}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="ojc-charge" />
      <TextField
        label="OJC card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        {...field('cardNumber')}
        onValue={(name, value) => setValue(name, formatCardNumber(value))}
      />
      <TextField
        label="Expiry (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        required
        {...field('expiry')}
        onValue={(name, value) => setValue(name, formatExpiry(value))}
      />
      <ProblemAlert message={problem} />
      <Button type="submit" variant="primary" disabled={submitting} className="w-full text-lg">
        {submitting ? 'Processing...' : monthly ? `Pay ${amount}/month` : `Pay ${amount}`}
      </Button>
    </form>
  );
}
