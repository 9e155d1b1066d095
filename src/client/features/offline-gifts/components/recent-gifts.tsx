import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { offlineMethodLabels, type OfflineGiftView } from '~/shared/schemas/offline-gifts';
import { ActionButton, QueryContent } from '~/client/components/ui/panel-parts';
import { StatusBadge } from '~/client/components/ui/status-parts';
import { useOfflineGiftsQuery } from '~/client/features/offline-gifts/api/offline-gifts';
import { EditGiftDialog, VoidGiftDialog } from './gift-dialogs';
import { ClearGiftButton } from './clear-gift-button';
import { giftLabel } from './gift-label';
import { GiftPhotoControl } from './gift-photo-control';

const methodDetail = (gift: OfflineGiftView) =>
  `${offlineMethodLabels[gift.method]}${gift.reference ? ` ${gift.reference}` : ''}`;

/**
 * The latest gifts the office recorded, newest received first: each with its receipt number and
 * how it came, a campaign gift's campaign (and team) and, until its money is in, Pending and Mark Cleared; its cheque's or voucher's photo, Edit and Void while it counts, and "Void" with
 * the reason once voided. A list of
 * cards, not a table: it reads the same on a phone.
 */
export function RecentGifts() {
  const query = useOfflineGiftsQuery();
  const [open, setOpen] = useState<{ gift: OfflineGiftView; action: 'edit' | 'void' } | null>(null);
  const close = () => setOpen(null);
  return (
    <section aria-labelledby="recent-gifts-title" className="flex flex-col gap-3">
      <h3 id="recent-gifts-title" className="font-display text-xl font-semibold text-navy-950">
        Recent gifts received
      </h3>
      <QueryContent
        query={query}
        loadingLabel="Loading the gifts received..."
        errorTitle="Error Loading Gifts"
        empty={(data) => (data.gifts.length === 0 ? 'No gift has been recorded here yet.' : null)}
      >
        {(data) => (
          <ul className="flex flex-col gap-2" aria-label="Recent gifts received">
            {data.gifts.map((gift) => (
              <li
                key={gift.id}
                className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-stone-900">
                  {gift.receiptNumber ? (
                    <span className="font-semibold">{gift.receiptNumber}</span>
                  ) : null}
                  <span>{gift.name}</span>
                  <span className={gift.voided ? 'line-through' : undefined}>
                    {formatMoney(Math.round(gift.amount * 100), 'usd')}
                  </span>
                  <span>{methodDetail(gift)}</span>
                  <span>{gift.receivedOn}</span>
                  {gift.campaign ? (
                    <span>
                      {gift.campaign.title}
                      {gift.team ? `, ${gift.team.name}` : ''}
                    </span>
                  ) : null}
                  {!gift.cleared && !gift.voided ? (
                    <StatusBadge label="Pending" tone="bg-amber-100 text-amber-900" />
                  ) : null}
                  {gift.voided ? (
                    <span className="flex flex-wrap items-baseline gap-2">
                      <StatusBadge label="Void" tone="bg-red-100 text-red-900" />
                      {gift.voidReason ? (
                        <span className="text-sm text-stone-700">{gift.voidReason}</span>
                      ) : null}
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <GiftPhotoControl gift={gift} />
                  {gift.voided ? null : (
                    <>
                      {gift.cleared ? null : <ClearGiftButton gift={gift} />}
                      <ActionButton
                        onClick={() => setOpen({ gift, action: 'edit' })}
                        aria-label={`Edit ${giftLabel(gift)}, ${gift.name}`}
                      >
                        Edit
                      </ActionButton>
                      <ActionButton
                        tone="danger"
                        onClick={() => setOpen({ gift, action: 'void' })}
                        aria-label={`Void ${giftLabel(gift)}, ${gift.name}`}
                      >
                        Void
                      </ActionButton>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      {open?.action === 'edit' ? <EditGiftDialog gift={open.gift} onDone={close} /> : null}
      {open?.action === 'void' ? <VoidGiftDialog gift={open.gift} onDone={close} /> : null}
    </section>
  );
}
