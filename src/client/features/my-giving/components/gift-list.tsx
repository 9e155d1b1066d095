import { wallDisplayLabels, wallDisplays } from '~/shared/domain';
import { formatMoney } from '~/shared/money';
import { PAGE_FORM_FIELD, type PageFormState } from '~/shared/page-forms';
import type { GivingGiftView } from '~/shared/schemas/my-giving';
import { fundGrantNote } from '~/shared/gift-method';
import { Button } from '~/client/components/ui/button';
import { SelectField } from '~/client/components/ui/select-field';
import { useZodForm } from '~/client/lib/use-zod-form';
import { formatDay, methodLabels, statusLabels } from './giving-labels';

const loadSchema = () => import('~/shared/schemas/my-giving').then((m) => m.givingWallInput);
const wallOptions = wallDisplays.map((wall) => ({ value: wall, label: wallDisplayLabels[wall] }));

/** Its state in words; a voided gift (a cheque the bank returned) says it counts for nothing. */
const stateOf = (gift: GivingGiftView) =>
  gift.voided ? 'Void: not received, not counted' : statusLabels[gift.status];

type WallForm = { returned?: PageFormState | undefined; sent?: string | undefined };

/** Every gift, newest first: a list rather than a table, so a phone reads it without scrolling. */
export function GiftList({ gifts, wallForm }: { gifts: GivingGiftView[]; wallForm?: WallForm }) {
  if (gifts.length === 0) return <p>No gifts yet.</p>;
  return (
    <>
      {wallForm?.sent ? (
        <p role="status" className="mb-3 rounded-md bg-green-50 p-3 text-green-900">
          {wallForm.sent}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {gifts.map((gift) => (
          <li
            key={gift.id}
            id={`gift-${gift.id}`}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-300"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <p className="font-semibold text-navy-950">
                <span className={gift.voided ? 'line-through' : undefined}>
                  {formatMoney(gift.amountCents, gift.currency)}
                </span>
                {gift.type === 'subscription' ? ' · monthly' : ' · one-time'}
              </p>
              <p className="text-stone-800">{formatDay(gift.date)}</p>
            </div>
            <p className="text-stone-800">
              {gift.method === 'offline' ? gift.methodDetail : methodLabels[gift.method]} ·{' '}
              {stateOf(gift)}
              {gift.refundedCents > 0 && gift.status === 'succeeded'
                ? ` · ${formatMoney(gift.refundedCents, gift.currency)} refunded`
                : ''}
            </p>
            {gift.receiptNumber ? (
              <p className="text-stone-800">Receipt number {gift.receiptNumber}</p>
            ) : null}
            {gift.fundGrant && !gift.voided ? (
              <p className="text-stone-800">{fundGrantNote}.</p>
            ) : null}
            {gift.dedication ? <p className="text-stone-800">{gift.dedication}</p> : null}
            {gift.receiptUrl ? (
              <a className="text-navy-800 underline" href={gift.receiptUrl}>
                Receipt (PDF)<span className="sr-only"> for {formatDay(gift.date)}</span>
              </a>
            ) : null}
            {gift.campaign ? (
              <WallChoice
                gift={gift}
                campaign={gift.campaign}
                returned={
                  wallForm?.returned?.values.gift === gift.id ? wallForm.returned : undefined
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * How a campaign gift shows on its donor wall, and the donor's change of it: a plain form posted
 * to the page, with or without JavaScript, that comes back saved or with its message (the wall's,
 * the gift's or the form's, under the one field).
 */
function WallChoice({
  gift,
  campaign,
  returned,
}: {
  gift: GivingGiftView;
  campaign: NonNullable<GivingGiftView['campaign']>;
  returned: PageFormState | undefined;
}) {
  const form = useZodForm(loadSchema, { gift: gift.id, wall: campaign.wall }, returned);
  const { errors } = form;
  return (
    <form
      {...form.formProps}
      action="/my-giving"
      onSubmit={form.postWhenValid}
      className="mt-3 flex flex-wrap items-end gap-3 border-t border-stone-200 pt-3"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="giving-wall" />
      <input type="hidden" name="gift" value={gift.id} />
      <div className="min-w-0 flex-1">
        <SelectField
          label={`On the donor wall of ${campaign.title}`}
          options={wallOptions}
          {...form.field('wall')}
          error={errors.wall ?? errors.gift ?? errors._}
        />
      </div>
      <Button type="submit" variant="outline">
        Save<span className="sr-only"> the wall choice for {formatDay(gift.date)}</span>
      </Button>
    </form>
  );
}
