import { useMemo, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '~/shared/money';
import { Button } from '../../../components/ui/button';
import { HoneypotField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/use-zod-form';
import { createOjcPayment } from '../api/ojc-payments';
import { createAttemptKeys } from '../lib/attempt-key';
import type { CheckoutChoice } from '../lib/checkout-link';
import {
  dedicationError,
  dedicationPayload,
  DedicationFields,
  noDedication,
  type Dedication,
} from './gift-options';
import { DonationSummary } from './donor-summary';

/** Spec 9: the OJC checkout waits this long after its toast before opening the payment page. */
export const OJC_REDIRECT_DELAY_MS = 2000;

const loadDonorSchema = () =>
  import('~/shared/schemas/donations').then((m) => m.checkoutDonorInput);

/** The API's field names for the donor form's fields. */
const formField: Record<string, string> = {
  donorName: 'name',
  donorEmail: 'email',
  donorPhone: 'phone',
};

/**
 * OJC checkout (spec 2 and 4): the donor's name, email and optional phone, a summary, and
 * 'Donate $X via OJC' ('Subscribe $X/month via OJC'). The server stores the pending gift and
 * answers with this site's OJC payment page, where the charity card is entered; the page opens
 * 2 s after the toast.
 */
export function OjcCheckout({ choice }: { choice: CheckoutChoice }) {
  const toast = useToast();
  const [values, setValues] = useState({ name: '', email: '', phone: '', website: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [dedication, setDedication] = useState<Dedication>(noDedication);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempted = useRef(false);
  const keyFor = useMemo(() => createAttemptKeys(), []);
  const monthly = choice.type === 'subscription';
  const amount = formatMoney(choice.amount * 100, 'usd', { whole: true });

  const validate = async (next = values) => {
    const result = (await loadDonorSchema()).safeParse(next);
    const errs = result.success ? {} : fieldErrors(result.error);
    const dedicationProblem = dedicationError(dedication);
    if (dedicationProblem) errs.dedicationName = dedicationProblem;
    return { errs, data: result.success ? result.data : null };
  };

  const setValue = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted.current) void validate(next).then(({ errs }) => setErrors(errs));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    attempted.current = true;
    const { errs, data } = await validate();
    setErrors(errs);
    const firstInvalid = Object.keys(errs)[0];
    if (!data || firstInvalid) {
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setProblem(null);
    const gift = {
      amount: choice.amount,
      donorName: data.name,
      donorEmail: data.email,
      donorPhone: values.phone.trim(),
      donationType: choice.type,
      dedication: dedicationPayload(dedication),
    };
    try {
      const { payment, message } = await createOjcPayment({
        ...gift,
        idempotencyKey: keyFor(gift),
        ...(choice.membership ? { membership: choice.membership } : {}),
        website: values.website,
      });
      toast({
        title: 'Continue to OJC Fund',
        description: message || 'Opening the secure page for your OJC charity card…',
      });
      window.setTimeout(() => window.location.assign(payment.paymentUrl), OJC_REDIRECT_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([key, text]) => [formField[key] ?? key, text]),
        );
        if (Object.keys(fields).length > 0) setErrors(fields);
        setProblem(error.message);
      }
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
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      method="post"
      className="flex flex-col gap-5"
    >
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        error={errors.name}
        disabled={submitting}
        onValue={setValue}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        disabled={submitting}
        onValue={setValue}
        hint="Your receipt is sent here."
      />
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        error={errors.phone}
        disabled={submitting}
        onValue={setValue}
      />
      <DedicationFields
        value={dedication}
        onChange={setDedication}
        error={errors.dedicationName}
        disabled={submitting}
      />
      <HoneypotField value={values.website} onValue={setValue} />
      <DonationSummary giftCents={choice.amount * 100} feeCents={0} type={choice.type} />
      <p className="text-sm text-stone-700">
        Next you enter your OJC Fund charity card on our secure payment page.
        {monthly ? ' Your card is charged the same amount each month until you cancel.' : ''}
      </p>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
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
