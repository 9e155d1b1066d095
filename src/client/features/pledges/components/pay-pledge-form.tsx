import { useState } from 'react';
import siteConfig from '~/client/lib/site-config';
import { offlineMethods } from '~/shared/domain';
import { formatMoney } from '~/shared/money';
import { isoDateIn } from '~/shared/schedule';
import { offlineMethodLabels, offlineReferenceLabels } from '~/shared/schemas/offline-gifts';
import type { PledgePayFormValues } from '~/shared/schemas/pledges';
import { Button } from '~/client/components/ui/button';
import { CheckboxField, TextField } from '~/client/components/ui/field';
import { SelectField } from '~/client/components/ui/select-field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { usePayPledge } from '~/client/features/pledges/api/pledges';
import { PledgeActionForm, type PledgeActionProps } from './pledge-action-form';

const loadSchema = () => import('~/shared/schemas/pledges').then((m) => m.pledgePayForm);
const methodOptions = offlineMethods.map((value) => ({ value, label: offlineMethodLabels[value] }));

/**
 * Marks a pledge paid: how it came, its reference, the day it came and how much. The whole
 * amount closes the pledge; less records that part and leaves the rest open.
 */
export function PayPledgeForm({ pledge, titleId, onDone }: PledgeActionProps) {
  const toast = useToast();
  const pay = usePayPledge();
  const form = useZodForm(loadSchema, {
    amount: pledge.amount.toFixed(2),
    method: 'check',
    receivedOn: isoDateIn(new Date(), siteConfig.timeZone),
    reference: '',
    confirmDuplicate: 'false',
  } satisfies PledgePayFormValues);
  const { values, field, submitting } = form;
  const [duplicateWarning, setDuplicateWarning] = useState(false);
  const referenceLabel =
    offlineReferenceLabels[values.method as keyof typeof offlineReferenceLabels];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { gift, rest } = await pay.mutateAsync({
        id: pledge.id,
        pay: input,
      });
      const paid = formatMoney(Math.round(gift.amount * 100), 'usd');
      toast({
        title: 'Pledge Paid',
        description: `${paid} from ${gift.name} recorded as a gift, receipt ${gift.receiptNumber}.${rest ? ` ${formatMoney(Math.round(rest.amount * 100), 'usd')} is still pledged.` : ''}`,
      });
      onDone();
    } catch (error) {
      setDuplicateWarning(
        error instanceof ApiError && /already recorded/.test(error.fields.reference ?? ''),
      );
      toast(failureToast(error, 'The payment was not recorded. Please try again.', 'Not Recorded'));
      throw error;
    }
  });

  return (
    <PledgeActionForm
      formProps={form.formProps}
      onSubmit={onSubmit}
      titleId={titleId}
      intro={
        <>
          {pledge.name} pledged {formatMoney(Math.round(pledge.amount * 100), 'usd')}. The payment
          is recorded as a gift received, with its receipt number.
        </>
      }
      dismissLabel="Close"
      onDismiss={onDone}
      submit={
        <Button type="submit" variant="secondary" disabled={submitting}>
          {submitting ? 'Recording...' : 'Record Payment'}
        </Button>
      }
    >
      <TextField
        label="Amount paid (dollars)"
        required
        inputMode="decimal"
        autoComplete="off"
        hint="Less than the pledge records a part; the rest stays pledged."
        {...field('amount')}
      />
      <SelectField label="How it was given" required options={methodOptions} {...field('method')} />
      <TextField
        label={referenceLabel ? `Reference (${referenceLabel})` : 'Reference'}
        required={values.method === 'check'}
        autoComplete="off"
        {...field('reference')}
      />
      <TextField label="Date received" type="date" required {...field('receivedOn')} />
      {duplicateWarning ? (
        <div className="rounded-md bg-amber-50 p-3">
          <CheckboxField
            label="This is another payment, not the same one typed again: record it."
            {...field('confirmDuplicate')}
          />
        </div>
      ) : null}
    </PledgeActionForm>
  );
}
