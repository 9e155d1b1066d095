import { formatMoney } from '~/shared/money';
import type { PaymentStats, SumAndCount } from '~/shared/schemas/admin-donors';
import { MonthlyChart } from './monthly-chart';

const gifts = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'gift' : 'gifts'}`;

function StatCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="mt-1">
        <span className="block text-2xl font-semibold text-navy-950">{value}</span>
        {detail ? <span className="block text-sm text-stone-700">{detail}</span> : null}
      </dd>
    </div>
  );
}

const money = (part: SumAndCount) => formatMoney(part.amount);

/**
 * The totals (money received and kept: succeeded gifts less refunds), the last 7 and 30 days,
 * one-time against monthly, the average gift and the counts by status; then the months.
 */
export function DonorStats({ stats }: { stats: PaymentStats }) {
  const { byType } = stats;
  const typeTotal = byType.onetime.amount + byType.subscription.amount;
  const share = (part: SumAndCount) =>
    typeTotal > 0 ? `${Math.round((part.amount / typeTotal) * 100)}% · ` : '';
  return (
    <div className="flex flex-col gap-4">
      <dl
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Giving totals"
      >
        <StatCard
          label="Total received"
          value={formatMoney(stats.totalAmount)}
          detail={`${gifts(stats.verifiedPayments)}, net of refunds`}
        />
        <StatCard
          label="Last 7 days"
          value={money(stats.last7Days)}
          detail={gifts(stats.last7Days.count)}
        />
        <StatCard
          label="Last 30 days"
          value={money(stats.last30Days)}
          detail={gifts(stats.last30Days.count)}
        />
        <StatCard label="Average donation" value={formatMoney(stats.averageAmount)} />
        <StatCard
          label="One-time"
          value={money(byType.onetime)}
          detail={`${share(byType.onetime)}${gifts(byType.onetime.count)}`}
        />
        <StatCard
          label="Monthly"
          value={money(byType.subscription)}
          detail={`${share(byType.subscription)}${gifts(byType.subscription.count)}`}
        />
        <StatCard
          label="Donor records"
          value={stats.totalDonors.toLocaleString('en-US')}
          detail={`${stats.verifiedPayments.toLocaleString('en-US')} verified, ${stats.pendingPayments.toLocaleString('en-US')} pending`}
        />
        <StatCard
          label="Not received"
          value={(
            stats.failedPayments +
            stats.refundedPayments +
            stats.disputedPayments
          ).toLocaleString('en-US')}
          detail={`${stats.failedPayments} failed, ${stats.refundedPayments} refunded, ${stats.disputedPayments} disputed`}
        />
      </dl>
      <MonthlyChart months={stats.monthly} />
    </div>
  );
}
