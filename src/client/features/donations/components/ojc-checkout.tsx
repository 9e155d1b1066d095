import { useMemo, useState, type FormEvent } from 'react';
import { formatMoney } from '~/shared/money';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { ojcCheckoutFormField } from '~/shared/ojc-checkout-fields';
import { usePageForm } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { HoneypotField, ProblemAlert, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { createOjcPayment } from '~/client/features/donations/api/ojc-payments';
import { createAttemptKeys } from '~/client/features/donations/lib/attempt-key';
import { paymentProblem } from '~/client/features/donations/lib/payment-problem';
import {
  checkoutFieldErrors,
  giftDestination,
} from '~/client/features/donations/lib/checkout-request';
import type { CheckoutChoice } from '~/shared/checkout-link';
import { DonorFields, useDonorForm } from './donor-form';
import { DonationSummary } from './donor-summary';

/** Spec 9: the OJC checkout waits this long after its toast before opening the payment page. */
export const OJC_REDIRECT_DELAY_MS = 2000;

/**
 * OJC checkout (spec 2 and 4): the donor's name, email and optional phone, a summary, and
 * 'Donate $X via OJC' ('Subscribe $X/month via OJC'). The server stores the pending gift and
 * answers with this site's OJC payment page, where the charity card is entered; the page opens
 * 2 s after the toast. Without JavaScript the form posts to the checkout, which goes on to the
 * payment page or comes back with its messages; `attempt` is the page's idempotency key.
 */
export function OjcCheckout({
  choice,
  attempt,
  donor,
}: {
  choice: CheckoutChoice;
  attempt?: string | undefined;
  /** A membership's checkout: the name and address the member applied with, filled in. */
  donor?: { name: string; email: string } | undefined;
}) {
  const toast = useToast();
  const page = usePageForm('ojc-checkout');
  const donorForm = useDonorForm(
    { phone: '', website: '', ...donor },
    page.returned,
    choice.dedication,
  );
  const { values, setValue } = donorForm;
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(page.returned?.errors._ ?? null);
  const keyFor = useMemo(() => createAttemptKeys(), []);
  const monthly = choice.type === 'subscription';
  const amount = formatMoney(choice.amount * 100, 'usd', { whole: true });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const donor = await donorForm.submit(event);
    if (!donor) return;
    setSubmitting(true);
    setProblem(null);
    const gift = {
      amount: choice.amount,
      donorName: donor.name,
      donorEmail: donor.email,
      donorPhone: values.phone.trim(),
      donationType: choice.type,
      dedication: donor.dedication,
    };
    try {
      const { payment, message } = await createOjcPayment({
        ...gift,
        idempotencyKey: keyFor(gift),
        ...giftDestination(choice),
        website: values.website,
      });
      toast({
        title: 'Continue to OJC Fund',
        description: message || 'Opening the secure page for your OJC charity card…',
      });
      window.setTimeout(() => window.location.assign(payment.paymentUrl), OJC_REDIRECT_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = checkoutFieldErrors(error.fields, ojcCheckoutFormField);
        if (Object.keys(fields).length > 0) donorForm.setErrors(fields);
      }
      setProblem(paymentProblem(error));
      toast({
        title: 'Payment Error',
        description: 'Unable to process OJC payment. Please contact us directly.',
        variant: 'destructive',
      });
      setSubmitting(false);
    }
  };

  return (
    <form
      {...donorForm.formProps}
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="ojc-checkout" />
      {attempt ? <input type="hidden" name="attempt" value={attempt} /> : null}
      <DonorFields form={donorForm} disabled={submitting} />
      <TextField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        {...donorForm.field('phone')}
        disabled={submitting}
      />
      <HoneypotField value={values.website} onValue={setValue} />
      <DonationSummary giftCents={choice.amount * 100} feeCents={0} type={choice.type} />
      <p className="text-sm text-stone-700">
        Next you enter your OJC Fund charity card on our secure payment page.
        {monthly ? ' Your card is charged the same amount each month until you cancel.' : ''}
      </p>
      <ProblemAlert message={problem} />
      <Button type="submit" variant="primary" disabled={submitting} className="w-full text-lg">
        {submitting
          ? 'Processing...'
          : monthly
            ? `Subscribe ${amount}/month via OJC`
            : `Donate ${amount} via OJC`}
      </Button>
    </form>
  );
}
