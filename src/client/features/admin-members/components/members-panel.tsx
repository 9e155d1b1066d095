import siteConfig from '~/client/lib/site-config';
import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { memberStatusLabel } from '~/shared/donor-labels';
import { memberStatuses, type MemberStatus } from '~/shared/domain';
import {
  MEMBERS_PAGE_SIZE,
  membersCsvUrl,
  useMembersQuery,
} from '~/client/features/admin-members/api/list-members';
import { StatusBadge, StatusFilter } from '~/client/components/ui/status-parts';
import { ListPanel, useListState } from '~/client/components/ui/list-panel';
import { cellClass, CsvLink, DateTimeCell, StatusCounts } from '~/client/components/ui/panel-parts';

const statusLabels = Object.fromEntries(
  memberStatuses.map((s) => [s, memberStatusLabel(s)]),
) as Record<MemberStatus, string>;

const statusTones: Record<MemberStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  lapsed: 'bg-orange-100 text-orange-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

const tierIds = siteConfig.tiers.map((t) => t.id);
const tierLabels = Object.fromEntries(siteConfig.tiers.map((t) => [t.id, t.name]));
const paidByLabels = { card: 'Card', ojc: 'OJC' } as const;

/** Members by tier and status: who pays, since when, and the next renewal; and the CSV. */
export default function MembersPanel() {
  const list = useListState<MemberStatus>();
  const [tier, setTier] = useState('');
  const filters = { tier: tier || undefined, status: list.status || undefined };
  const query = useMembersQuery(filters, list.offset);
  const listing = query.data;
  return (
    <ListPanel
      title="Members"
      description="Members from their application on: pending until the first monthly payment, active while it is paid, lapsed while a renewal is overdue, cancelled when the subscription ends."
      noun="members"
      statuses={memberStatuses}
      statusLabels={statusLabels}
      list={list}
      query={query}
      items={listing?.members}
      total={listing?.total ?? 0}
      pageSize={MEMBERS_PAGE_SIZE}
      summary={
        listing ? (
          <StatusCounts
            label="Members by status"
            statuses={memberStatuses}
            labels={statusLabels}
            counts={listing.counts}
            testIdPrefix="member-count"
            className="grid-cols-2 sm:grid-cols-4"
          />
        ) : null
      }
      actions={
        <div className="flex flex-wrap items-end gap-4">
          <StatusFilter
            statuses={tierIds}
            labels={tierLabels}
            value={tier}
            onChange={(next) => {
              setTier(next);
              list.setOffset(0);
            }}
            label="Tier"
            allLabel="All tiers"
          />
          <CsvLink href={membersCsvUrl(filters)} />
        </div>
      }
      headers={[
        'Name',
        'Email',
        'Tier',
        'Status',
        'Member since',
        'Next renewal',
        'Monthly',
        'Paid by',
      ]}
      row={(m) => (
        <tr key={m.id}>
          <td className={cellClass}>{m.name}</td>
          <td className={`${cellClass} wrap-anywhere`}>{m.email}</td>
          <td className={cellClass}>{tierLabels[m.tier] ?? m.tier}</td>
          <td className={cellClass}>
            <StatusBadge label={statusLabels[m.status]} tone={statusTones[m.status]} />
          </td>
          <DateTimeCell iso={m.memberSince} />
          <DateTimeCell iso={m.nextRenewalAt} />
          <td className={`${cellClass} tabular-nums`}>{formatMoney(m.monthlyAmount)}</td>
          <td className={cellClass}>{m.paidBy ? paidByLabels[m.paidBy] : '—'}</td>
        </tr>
      )}
    />
  );
}
