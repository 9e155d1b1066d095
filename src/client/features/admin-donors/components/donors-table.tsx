import { useState } from 'react';
import { donationTypeLabel, paymentMethodLabel } from '~/shared/donor-labels';
import { formatMoney } from '~/shared/money';
import { useToast } from '~/client/components/ui/toast';
import type { DonorRecord } from '~/shared/schemas/admin-donors';
import { useVerifyPayment } from '~/client/features/admin-donors/api/verify-payment';
import { verificationToast } from '~/client/features/admin-donors/lib/verification-toast';
import { PaymentStatusBadge } from './donor-labels';
import { SamePersonDialog } from './same-person-dialog';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
} from '~/client/components/ui/panel-parts';

/** The donor records of one page: who, how much, how, and whether the money arrived. */
export function DonorsTable({ donors, caption }: { donors: DonorRecord[]; caption: string }) {
  // `donor-cards`: stacked, each gift is a compact card (app.css), not a line per column.
  return (
    <div className="donor-cards">
      <DataTable
        caption={caption}
        headers={['Name', 'Email', 'Amount', 'Type', 'Date', 'Payment Method', 'Status', 'Actions']}
      >
        {donors.map((donor) => (
          <DonorRow key={donor.id} donor={donor} />
        ))}
      </DataTable>
    </div>
  );
}

function DonorRow({ donor }: { donor: DonorRecord }) {
  const verify = useVerifyPayment();
  const [merging, setMerging] = useState(false);
  const toast = useToast();
  const name = donor.name ?? 'Anonymous';
  const onVerify = () =>
    verify.mutate(donor, {
      onSuccess: (answer) => toast(verificationToast({ answer })),
      onError: (error) => toast(verificationToast({ error })),
    });
  return (
    <tr>
      <td className={`${cellClass} font-semibold text-navy-950`}>
        {name}
        {donor.dedication ? (
          <span className="block text-sm font-normal text-stone-700">{donor.dedication}</span>
        ) : null}
      </td>
      <td className={`${cellClass} wrap-anywhere`}>
        {donor.email ? (
          <a className="text-navy-800 underline" href={`mailto:${donor.email}`}>
            {donor.email}
          </a>
        ) : (
          '—'
        )}
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {donor.voided ? (
          <s aria-label={`${formatMoney(donor.amount, donor.currency)}, void: not counted`}>
            {formatMoney(donor.amount, donor.currency)}
          </s>
        ) : (
          formatMoney(donor.amount, donor.currency)
        )}
        {donor.refundedAmount > 0 && donor.paymentStatus !== 'refunded' ? (
          <span className="block text-xs text-stone-700">
            {formatMoney(donor.refundedAmount, donor.currency)} refunded
          </span>
        ) : null}
      </td>
      {/* A one- or two-word value stays on one line ("One-time" does not break at its hyphen). */}
      <td className={`${cellClass} whitespace-nowrap`}>{donationTypeLabel(donor.donationType)}</td>
      <DateTimeCell iso={donor.createdAt} />
      <td className={`${cellClass} whitespace-nowrap`}>
        {donor.methodDetail ?? paymentMethodLabel(donor.paymentMethod)}
        {donor.receiptNumber ? (
          <span className="block text-xs text-stone-700">Receipt {donor.receiptNumber}</span>
        ) : null}
      </td>
      <td className={cellClass}>
        <PaymentStatusBadge status={donor.paymentStatus} voided={donor.voided} />
        {donor.voided && donor.voidReason ? (
          <span className="block text-xs text-stone-700">{donor.voidReason}</span>
        ) : null}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          {/* A gift the office received has no provider to ask again. */}
          {donor.paymentMethod === 'offline' ? (
            <span className="text-sm text-stone-700">Office</span>
          ) : (
            <ActionButton
              onClick={onVerify}
              disabled={verify.isPending}
              aria-label={`Verify payment of ${name}, ${formatMoney(donor.amount, donor.currency)}`}
            >
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </ActionButton>
          )}
          {donor.name || donor.email ? (
            <ActionButton
              onClick={() => setMerging(true)}
              aria-label={`${name} is the same person as another donor record…`}
            >
              Same person
            </ActionButton>
          ) : null}
        </div>
        {merging ? (
          <SamePersonDialog giftId={donor.id} donorName={name} onClose={() => setMerging(false)} />
        ) : null}
      </td>
    </tr>
  );
}
