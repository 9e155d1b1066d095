import { formatMoney } from '~/shared/money';
import type { MyGiving } from '~/shared/schemas/my-giving';
import { ButtonLink } from '~/client/components/ui/button';
import { formatDay, memberStatusLabels, methodLabels } from './giving-labels';

const box = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-300';

/** Monthly gifts and memberships, with the actions that exist for them. */
export function OngoingGifts({ monthly, memberships }: Pick<MyGiving, 'monthly' | 'memberships'>) {
  if (monthly.length === 0 && memberships.length === 0) {
    return <p>No monthly gift or membership.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {memberships.map((m) => (
        <li key={m.id} className={box}>
          <p className="font-semibold text-navy-950">
            Membership: {m.tierName} · {formatMoney(m.monthlyAmountCents)} a month
          </p>
          <p className="text-stone-800">
            {memberStatusLabels[m.status]}
            {m.memberSince ? ` · member since ${formatDay(m.memberSince)}` : ''}
            {m.nextRenewalAt ? ` · next renewal ${formatDay(m.nextRenewalAt)}` : ''}
          </p>
          {m.status === 'active' ? (
            <ButtonLink variant="outline" className="mt-2" href="/prayer-names">
              Names for prayer
            </ButtonLink>
          ) : null}
        </li>
      ))}
      {monthly.map((gift) => (
        <li key={gift.id} className={box}>
          <p className="font-semibold text-navy-950">
            Monthly gift: {formatMoney(gift.amountCents, gift.currency)} by{' '}
            {methodLabels[gift.method]}
          </p>
          <p className="text-stone-800">
            {gift.statusLabel}
            {gift.nextChargeAt ? ` · next charge ${formatDay(gift.nextChargeAt)}` : ''}
          </p>
          {gift.dedication ? <p className="text-stone-800">{gift.dedication}</p> : null}
          {gift.action ? (
            <ButtonLink variant="outline" className="mt-2" href={gift.action.url}>
              {gift.action.label}
            </ButtonLink>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
