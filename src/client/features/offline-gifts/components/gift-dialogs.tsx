import { formatMoney } from '~/shared/money';
import type {
  OfflineGiftEditFormValues,
  OfflineGiftView,
  OfflineGiftVoidFormValues,
} from '~/shared/schemas/offline-gifts';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  useEditOfflineGift,
  useVoidOfflineGift,
} from '~/client/features/offline-gifts/api/offline-gifts';
import { FormDialog } from './form-dialog';
import { GiftFields } from './gift-fields';
import { giftLabel } from './gift-label';

const loadEditSchema = () =>
  import('~/shared/schemas/offline-gifts').then((m) => m.offlineGiftEditForm);
const loadVoidSchema = () =>
  import('~/shared/schemas/offline-gifts').then((m) => m.offlineGiftVoidInput);

const money = (gift: OfflineGiftView) => formatMoney(Math.round(gift.amount * 100), 'usd');

const valuesOf = (gift: OfflineGiftView): OfflineGiftEditFormValues => ({
  name: gift.name,
  email: gift.email ?? '',
  address: gift.address ?? '',
  amount: gift.amount.toFixed(2),
  method: gift.method,
  receivedOn: gift.receivedOn,
  reference: gift.reference ?? '',
  dedicationKind: gift.dedication?.kind ?? 'honor',
  dedicationName: gift.dedication?.name ?? '',
  note: gift.note ?? '',
  campaign: gift.campaign?.slug ?? '',
  team: gift.team?.slug ?? '',
  wall: gift.wall ?? 'anonymous',
  reason: '',
});

/** Corrects a gift: the recording form filled in, and why it changes (for the audit log). */
export function EditGiftDialog({ gift, onDone }: { gift: OfflineGiftView; onDone: () => void }) {
  const toast = useToast();
  const edit = useEditOfflineGift(gift.id);
  const form = useZodForm(loadEditSchema, valuesOf(gift));
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { gift: saved } = await edit.mutateAsync(body);
      toast({
        title: 'Gift Corrected',
        description: `${saved.receiptNumber ? `Receipt ${saved.receiptNumber}` : 'The pending gift'} was corrected.${saved.email && saved.cleared ? ' If its receipt was already mailed, the donor gets a corrected one with the same number.' : ''}`,
      });
      onDone();
    } catch (error) {
      toast(failureToast(error, 'The gift was not changed. Please try again.', 'Not Changed'));
      throw error;
    }
  });
  return (
    <FormDialog
      title={`Correct ${giftLabel(gift)}`}
      description={`${gift.name}, ${money(gift)}. The change and its reason are kept in the audit log.`}
      submitLabel="Save Correction"
      submitting={form.submitting}
      formProps={form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      onDismiss={onDone}
    >
      <GiftFields field={form.field} method={form.values.method} campaign={form.values.campaign} />
      <TextField
        label="Why it changes"
        required
        autoComplete="off"
        hint="For the office's records, never shown to the donor."
        {...form.field('reason')}
      />
    </FormDialog>
  );
}

/** Voids a gift (a cheque the bank returned): why, for the office; a note for the donor, if any. */
export function VoidGiftDialog({ gift, onDone }: { gift: OfflineGiftView; onDone: () => void }) {
  const toast = useToast();
  const voidGift = useVoidOfflineGift(gift.id);
  const blank: OfflineGiftVoidFormValues = { reason: '', donorNote: '' };
  const form = useZodForm(loadVoidSchema, blank);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await voidGift.mutateAsync(body);
      toast({
        title: 'Gift Voided',
        description: `${gift.receiptNumber ? `Receipt ${gift.receiptNumber}` : 'The pending gift'} is void and no longer counts in any total.`,
      });
      onDone();
    } catch (error) {
      toast(failureToast(error, 'The gift was not voided. Please try again.', 'Not Voided'));
      throw error;
    }
  });
  return (
    <FormDialog
      title={`Void ${giftLabel(gift)}?`}
      description={`${gift.name}, ${money(gift)}. It stays listed as void with its receipt number and stops counting in every total, My giving and the year-end statement. A donor whose receipt was mailed is told it is void.`}
      submitLabel="Void Gift"
      tone="danger"
      submitting={form.submitting}
      formProps={form.formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      onDismiss={onDone}
    >
      <TextField
        label="Why it is void"
        required
        autoComplete="off"
        hint="For the office's records, never shown to the donor."
        {...form.field('reason')}
      />
      <TextAreaField
        label="Note for the donor"
        rows={2}
        hint="Optional, added to the mail, e.g. “The cheque was returned by the bank.”"
        {...form.field('donorNote')}
      />
    </FormDialog>
  );
}
