import { useState } from 'react';
import siteConfig from '~/client/lib/site-config';
import { offlineMethods } from '~/shared/domain';
import { formatMoney } from '~/shared/money';
import { isoDateIn } from '~/shared/schedule';
import {
  offlineMethodLabels,
  offlineReferenceLabels,
  type OfflineGiftFormValues,
  type offlineGiftView,
} from '~/shared/schemas/offline-gifts';
import type { z } from 'zod/mini';
import { Button } from '~/client/components/ui/button';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { PanelHeader } from '~/client/components/ui/panel-parts';
import { SelectField } from '~/client/components/ui/select-field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useRecordOfflineGift } from '~/client/features/offline-gifts/api/record-offline-gift';
import { DonorChoice } from './donor-choice';

type OfflineGift = z.output<typeof offlineGiftView>;

const loadSchema = () => import('~/shared/schemas/offline-gifts').then((m) => m.offlineGiftForm);

/** Today in the site's calendar (YYYY-MM-DD), for the date field's first value. */
const today = () => isoDateIn(new Date(), siteConfig.timeZone);

const blank = (): OfflineGiftFormValues => ({
  name: '',
  email: '',
  address: '',
  amount: '',
  method: 'check',
  receivedOn: today(),
  reference: '',
  dedicationKind: 'honor',
  dedicationName: '',
  note: '',
});

const methodOptions = offlineMethods.map((value) => ({ value, label: offlineMethodLabels[value] }));
const dedicationOptions = [
  { value: 'honor', label: 'In honor of' },
  { value: 'memory', label: 'In memory of' },
] as const;

/**
 * The office records a gift that did not come through the site: a cheque handed over at the
 * tziyun, cash, a transfer, a fund's grant, a charity card taken by phone. One column on a phone;
 * the receipt number shows as soon as it is recorded, and the receipt is mailed when there is an
 * email. The same cheque twice is caught by the server, and the office may confirm a second gift.
 */
export default function OfflineGiftsPanel() {
  const toast = useToast();
  const record = useRecordOfflineGift();
  const form = useZodForm(loadSchema, blank());
  const { values, field, submitting } = form;
  const [duplicateWarning, setDuplicateWarning] = useState(false);
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const [donorId, setDonorId] = useState('');
  const [recorded, setRecorded] = useState<OfflineGift[]>([]);
  const referenceLabel =
    offlineReferenceLabels[values.method as keyof typeof offlineReferenceLabels];

  const onSubmit = form.handleSubmit(async (gift) => {
    try {
      const { gift: saved } = await record.mutateAsync({
        ...gift,
        ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
        ...(donorId && !gift.email ? { donorId } : {}),
      });
      setRecorded((prev) => [saved, ...prev]);
      toast({
        title: 'Gift Recorded',
        description: `Receipt ${saved.receiptNumber}: ${formatMoney(Math.round(saved.amount * 100), 'usd')} from ${saved.name}${saved.email ? '. The receipt was sent by email.' : '. Print or post the receipt: there is no email.'}`,
      });
      form.reset();
      setDuplicateWarning(false);
      setConfirmDuplicate(false);
      setDonorId('');
    } catch (error) {
      const duplicate =
        error instanceof ApiError && /already recorded/.test(error.fields.reference ?? '');
      setDuplicateWarning(duplicate);
      toast(failureToast(error, 'The gift was not recorded. Please try again.', 'Not Recorded'));
      throw error;
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PanelHeader
        title="Gifts Received"
        description="Record a gift that did not come through the website: a cheque, cash, a bank transfer or Zelle, a fund's grant, a charity card taken by phone. It counts in every total, in the donor's My giving and on their year-end statement, and gets the next receipt number."
      />
      <form
        {...form.formProps}
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
        aria-label="Record a gift received another way"
        className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Donor's name" required autoComplete="off" {...field('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            hint="Optional: the receipt is mailed to it."
            {...field('email')}
          />
          <TextField
            label="Amount (dollars)"
            required
            inputMode="decimal"
            autoComplete="off"
            {...field('amount')}
          />
          <TextField label="Date received" type="date" required {...field('receivedOn')} />
          <SelectField
            label="How it was given"
            required
            options={methodOptions}
            {...field('method')}
          />
          <TextField
            label={referenceLabel ? `Reference (${referenceLabel})` : 'Reference'}
            required={values.method === 'check'}
            autoComplete="off"
            {...field('reference')}
          />
        </div>
        {duplicateWarning ? (
          <label className="flex items-start gap-3 rounded-md bg-amber-50 p-3 text-stone-900">
            <input
              type="checkbox"
              className="mt-1 size-5 accent-navy-900"
              checked={confirmDuplicate}
              onChange={(e) => setConfirmDuplicate(e.target.checked)}
            />
            <span>This is a second gift, not the same one typed again: record it.</span>
          </label>
        ) : null}
        <TextAreaField
          label="Postal address"
          rows={3}
          hint="For the receipt and the year-end statement; needed when there is no email."
          {...field('address')}
        />
        <DonorChoice
          name={values.name}
          address={values.address}
          hasEmail={values.email.trim() !== ''}
          value={donorId}
          onChange={setDonorId}
        />
        <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
          <SelectField
            label="Dedication"
            options={dedicationOptions}
            {...field('dedicationKind')}
          />
          <TextField
            label="Dedicated to"
            hint="Optional: a name, in Hebrew or English."
            autoComplete="off"
            {...field('dedicationName')}
          />
        </div>
        <TextAreaField
          label="Note for the office"
          rows={2}
          hint="Never shown to the donor."
          {...field('note')}
        />
        <Button type="submit" disabled={submitting} className="self-start">
          {submitting ? 'Recording...' : 'Record Gift'}
        </Button>
      </form>
      {recorded.length > 0 ? (
        <div className="rounded-lg bg-white p-4 shadow-sm sm:p-6">
          <h3 className="font-display text-xl font-semibold text-navy-950">Recorded just now</h3>
          <ul className="mt-3 flex flex-col gap-2" aria-label="Gifts recorded just now">
            {recorded.map((gift) => (
              <li key={gift.id} className="flex flex-wrap gap-x-4 text-stone-900">
                <span className="font-semibold">{gift.receiptNumber}</span>
                <span>{gift.name}</span>
                <span>{formatMoney(Math.round(gift.amount * 100), 'usd')}</span>
                <span>
                  {offlineMethodLabels[gift.method]}
                  {gift.reference ? ` ${gift.reference}` : ''}
                </span>
                <span>{gift.receivedOn}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
