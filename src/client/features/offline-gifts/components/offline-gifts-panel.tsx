import { useState } from 'react';
import siteConfig from '~/client/lib/site-config';
import { formatMoney } from '~/shared/money';
import { isoDateIn } from '~/shared/schedule';
import type { OfflineGiftRecordFormValues } from '~/shared/schemas/offline-gifts';
import { Button } from '~/client/components/ui/button';
import { CheckboxField } from '~/client/components/ui/field';
import { FileField } from '~/client/components/ui/file-field';
import { PanelHeader } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  useRecordOfflineGift,
  useUploadGiftPhoto,
} from '~/client/features/offline-gifts/api/offline-gifts';
import { GiftFields } from './gift-fields';
import { RecentGifts } from './recent-gifts';
import { DonorChoice } from './donor-choice';

const loadSchema = () => import('~/shared/schemas/offline-gifts').then((m) => m.offlineGiftForm);

/** Today in the site's calendar (YYYY-MM-DD), for the date field's first value. */
const today = () => isoDateIn(new Date(), siteConfig.timeZone);

const blank = (): OfflineGiftRecordFormValues => ({
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
  campaign: '',
  team: '',
  wall: 'anonymous',
  confirmDuplicate: 'false',
  donorId: '',
});

/**
 * The office records a gift that did not come through the site: a cheque handed over at the
 * tziyun, cash, a transfer, a fund's grant, a charity card taken by phone. One column on a phone;
 * the receipt number shows as soon as it is recorded, and the receipt is mailed when there is an
 * email. The same cheque twice is caught by the server, and the office may confirm a second gift.
 * Below, the latest gifts, to correct or void.
 */
export default function OfflineGiftsPanel() {
  const toast = useToast();
  const record = useRecordOfflineGift();
  const uploadPhoto = useUploadGiftPhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  // A new key empties the file input after a gift is recorded (it cannot be set from React).
  const [photoInput, setPhotoInput] = useState(0);
  const form = useZodForm(loadSchema, blank());
  const { values, field, submitting } = form;
  const [duplicateWarning, setDuplicateWarning] = useState(false);

  const onSubmit = form.submitWith(async (gift) => {
    try {
      const { gift: saved } = await record.mutateAsync(gift);
      toast({
        title: 'Gift Recorded',
        description: saved.cleared
          ? `Receipt ${saved.receiptNumber}: ${formatMoney(Math.round(saved.amount * 100), 'usd')} from ${saved.name}${saved.email ? '. The receipt was sent by email.' : '. Print or post the receipt: there is no email.'}`
          : `${formatMoney(Math.round(saved.amount * 100), 'usd')} from ${saved.name}, pending in ${saved.campaign?.title ?? 'its campaign'}. Mark it cleared below when the money is in: it then gets its receipt number${saved.email ? ' and its receipt is mailed' : ''}.`,
      });
      if (photo) {
        // The gift is recorded whatever becomes of its photo: a refusal says so.
        await uploadPhoto
          .mutateAsync({ id: saved.id, file: photo })
          .catch((error: unknown) =>
            toast(
              failureToast(
                error,
                'The photo could not be sent.',
                `Gift Recorded, Photo Not Kept (${saved.receiptNumber || saved.name})`,
              ),
            ),
          );
      }
      form.reset();
      setPhoto(null);
      setPhotoInput((n) => n + 1);
      setDuplicateWarning(false);
    } catch (error) {
      const duplicate =
        error instanceof ApiError && /already recorded/.test(error.fields.reference ?? '');
      setDuplicateWarning(duplicate);
      toast(failureToast(error, 'The gift was not recorded. Please try again.', 'Not Recorded'));
      throw error;
    }
  });

  const duplicateQuestion = duplicateWarning ? (
    <div className="rounded-md bg-amber-50 p-3">
      <CheckboxField
        label="This is a second gift, not the same one typed again: record it."
        {...field('confirmDuplicate')}
      />
    </div>
  ) : null;

  return (
    <div className="flex flex-col gap-6">
      <PanelHeader
        title="Gifts Received"
        description="Record a gift that did not come through the website: a cheque, cash, a bank transfer or Zelle, a fund's grant, a charity card taken by phone. It counts in every total, in the donor's My giving and on their year-end statement, and gets the next receipt number. A gift recorded wrongly is corrected, and a cheque the bank returned is voided, from the list below."
      />
      <form
        {...form.formProps}
        onSubmit={onSubmit}
        aria-label="Record a gift received another way"
        className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
      >
        <GiftFields
          field={field}
          method={values.method}
          campaign={values.campaign}
          beforeAddress={duplicateQuestion}
        />
        <FileField
          key={photoInput}
          label="Photo of the cheque or voucher"
          name="photo"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          hint="Optional. JPEG, PNG or WebP. Kept for the office only; the place and camera details are removed."
          disabled={submitting}
          onFile={setPhoto}
        />
        <DonorChoice
          donorName={values.name}
          address={values.address}
          hasEmail={values.email.trim() !== ''}
          {...field('donorId')}
        />
        <Button type="submit" disabled={submitting} className="self-start">
          {submitting
            ? uploadPhoto.isPending
              ? 'Sending the photo...'
              : 'Recording...'
            : 'Record Gift'}
        </Button>
      </form>
      <RecentGifts />
    </div>
  );
}
