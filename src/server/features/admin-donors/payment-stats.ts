import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import { donations } from '~/db/schema';
import {
  donationTypes,
  type DonationType,
  type PaymentStatus,
  paymentStatuses,
} from '~/shared/domain';
import type { Database } from '~/db/client';
import type { Clock } from '~/server/lib/clock';
import type { MethodFilter, PaymentStats } from '~/shared/schemas/admin-donors';
import { campaignCondition, methodCondition } from './donor-filters';
import { lastTwelveMonths, monthOfRow } from './stats-months';

/*
 * What the donor dashboard counts (also in docs/features.md, "Administrators"):
 *
 * - Money is what was received and kept: succeeded gifts only, each counted as amount_cents less
 *   refunded_cents (a partial refund leaves the gift succeeded). Pending, failed, refunded and
 *   disputed gifts add nothing; the fee a donor chose to cover is part of their gift.
 * - A gift's date is when it was recorded (created_at): the table's Date, the date filter and
 *   the windows all use it.
 * - "Last 7 days" and "last 30 days" are rolling: now − 7 × 24 h ≤ created_at ≤ now, on the app's
 *   clock. The monthly series is the last 12 calendar months in the site's time zone.
 * - A gift the office voided (a returned cheque) counts for nothing: no money, no verified
 *   payment, no window, no month; it stays a donor record.
 * - totalDonors counts donor records (every donation row, whatever its status), verifiedPayments
 *   the succeeded ones not voided, pendingPayments the pending ones; the average is totalAmount divided by
 *   verifiedPayments (spec 9).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows older than this many days are "history": summed once and kept, see PaymentStatsCache. */
const LIVE_DAYS = 35;
/** History is summed again at least this often, whatever changed. */
const HISTORY_TTL_MS = 5 * 60 * 1000;

interface SumAndCount {
  amount: number;
  count: number;
}

interface Bucket extends SumAndCount {
  status: PaymentStatus;
  /** Voided by the office: counted as a donor record only. */
  voided: boolean;
  type: DonationType;
  /** YYYY-MM in the site's time zone; null before the last twelve months. */
  month: string | null;
  /** The part of `amount` and `count` in the last 7 and the last 30 days before `now`. */
  week: SumAndCount;
  days30: SumAndCount;
}

/** Net cents (amount less refunds) and count, by status, type and local month, in one pass. */
async function sumBuckets(
  db: Database,
  where: SQL | undefined,
  month: SQL<string | null>,
  now: Date,
) {
  const net = sql`${donations.amountCents} - ${donations.refundedCents}`;
  const since = (days: number) =>
    sql`${donations.createdAt} >= ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz and ${donations.createdAt} <= ${now.toISOString()}::timestamptz`;
  const sumIn = (days: number) =>
    sql<number>`coalesce(sum(${net}) filter (where ${since(days)}), 0)`.mapWith(Number);
  const countIn = (days: number) =>
    sql<number>`count(*) filter (where ${since(days)})`.mapWith(Number);
  const rows = await db
    .select({
      status: donations.paymentStatus,
      voided: sql<boolean>`${donations.voidedAt} is not null`,
      type: donations.donationType,
      month,
      amount: sql<number>`sum(${net})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
      weekAmount: sumIn(7),
      weekCount: countIn(7),
      days30Amount: sumIn(30),
      days30Count: countIn(30),
    })
    .from(donations)
    .where(where)
    // By position: the month's bounds are parameters, and two parameters are never "the same
    // expression" to PostgreSQL, so naming the month again would not match the select.
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  return rows.map((r): Bucket => ({
    status: r.status,
    voided: r.voided,
    type: r.type,
    month: r.month,
    amount: r.amount,
    count: r.count,
    week: { amount: r.weekAmount, count: r.weekCount },
    days30: { amount: r.days30Amount, count: r.days30Count },
  }));
}

function summarise(buckets: Bucket[], months: string[]) {
  const byStatus = Object.fromEntries(paymentStatuses.map((s) => [s, 0])) as Record<
    PaymentStatus,
    number
  >;
  const byType = Object.fromEntries(
    donationTypes.map((t) => [t, { amount: 0, count: 0 }]),
  ) as Record<DonationType, { amount: number; count: number }>;
  const byMonth = new Map(months.map((m) => [m, { month: m, amount: 0, count: 0 }]));
  const last7Days = { amount: 0, count: 0 };
  const last30Days = { amount: 0, count: 0 };
  let totalDonors = 0;
  for (const b of buckets) {
    totalDonors += b.count;
    if (b.voided) continue;
    byStatus[b.status] += b.count;
    if (b.status !== 'succeeded') continue;
    byType[b.type].amount += b.amount;
    byType[b.type].count += b.count;
    last7Days.amount += b.week.amount;
    last7Days.count += b.week.count;
    last30Days.amount += b.days30.amount;
    last30Days.count += b.days30.count;
    const month = b.month === null ? undefined : byMonth.get(b.month);
    if (month) {
      month.amount += b.amount;
      month.count += b.count;
    }
  }
  const totalAmount = byType.onetime.amount + byType.subscription.amount;
  return {
    totalAmount,
    totalDonors,
    verifiedPayments: byStatus.succeeded,
    pendingPayments: byStatus.pending,
    failedPayments: byStatus.failed,
    refundedPayments: byStatus.refunded,
    disputedPayments: byStatus.disputed,
    averageAmount: byStatus.succeeded ? Math.round(totalAmount / byStatus.succeeded) : 0,
    last7Days,
    last30Days,
    byType,
    monthly: [...byMonth.values()],
  };
}

/** Which gifts the stats are of: one way of giving, one campaign (by slug), both or all. */
export interface StatsScope {
  method?: MethodFilter | undefined;
  campaign?: string | undefined;
}

const scopeCondition = ({ method, campaign }: StatsScope) =>
  and(methodCondition(method), campaignCondition(campaign));

interface History {
  /** Rows created before this instant are history. */
  boundary: number;
  /** The first of the twelve months its rows were sorted into. */
  firstMonth: string;
  /** The newest updated_at among them when they were summed, as the database wrote it (text keeps
   * the microseconds a Date would drop, which would make every row look newer). */
  watermark: string;
  summedAt: number;
  buckets: Bucket[];
}

/**
 * The payment stats, fast at a million rows. Summing every gift takes a few hundred
 * milliseconds there, so rows older than LIVE_DAYS ("history") are summed once, by status,
 * type and month, and kept in this process; each call sums only the recent rows and adds them.
 *
 * History is summed again when the boundary moves (daily), when any history row changed since
 * (a late refund, a dispute, a verification: every writer sets updated_at, checked through
 * `donations_updated_at_idx`), and at least every HISTORY_TTL_MS, which also bounds the one
 * race left: a change that committed while history was being summed. Each app instance keeps
 * its own copy; nothing here is shared or needs to be.
 */
export function createPaymentStats(db: Database, clock: Clock, timeZone: string) {
  // One history per way of giving and campaign the dashboard filters by.
  const histories = new Map<string, History>();

  async function sumHistory(boundary: Date, months: string[], scope: StatsScope): Promise<History> {
    const old = and(lt(donations.createdAt, boundary), scopeCondition(scope));
    // One snapshot: the sums and the watermark must describe the same rows.
    return db.transaction(
      async (tx) => {
        const [newest] = await tx
          .select({ at: sql<string | null>`max(${donations.updatedAt})::text` })
          .from(donations)
          .where(old);
        const buckets = await sumBuckets(tx, old, monthOfRow(months, timeZone), clock());
        return {
          boundary: boundary.getTime(),
          firstMonth: months[0]!,
          watermark: newest?.at ?? '-infinity',
          summedAt: clock().getTime(),
          buckets,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function historyChanged(h: History) {
    const [changed] = await db
      .select({ one: sql`1` })
      .from(donations)
      .where(
        and(
          sql`${donations.updatedAt} > ${h.watermark}::timestamptz`,
          lt(donations.createdAt, new Date(h.boundary)),
        ),
      )
      .limit(1);
    return changed !== undefined;
  }

  /**
   * The kept history if it still holds for `boundary` and `months`, else null. Any change to an
   * old row sums it again, whatever its method: the check stays one index lookup.
   */
  async function keptHistory(now: Date, boundary: number, months: string[], key: string) {
    const h = histories.get(key) ?? null;
    if (
      h === null ||
      h.boundary !== boundary ||
      h.firstMonth !== months[0] ||
      now.getTime() - h.summedAt >= HISTORY_TTL_MS ||
      now.getTime() < h.summedAt
    ) {
      return null;
    }
    return (await historyChanged(h)) ? null : h;
  }

  return {
    /**
     * The stats of every gift, or of one way of giving and/or one campaign (the dashboard's
     * method and campaign filters; a campaign is checked to exist before it gets a history).
     */
    async read(scope: StatsScope = {}): Promise<PaymentStats> {
      const key = `${scope.method ?? ''}|${scope.campaign ?? ''}`;
      const now = clock();
      const day = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
      const boundary = day - LIVE_DAYS * DAY_MS;
      const months = lastTwelveMonths(now, timeZone);
      // The recent rows are summed while the kept history is checked: neither waits.
      const [kept, recent] = await Promise.all([
        keptHistory(now, boundary, months, key),
        sumBuckets(
          db,
          and(gte(donations.createdAt, new Date(boundary)), scopeCondition(scope)),
          monthOfRow(months, timeZone),
          now,
        ),
      ]);
      let h = kept;
      if (!h) {
        h = await sumHistory(new Date(boundary), months, scope);
        histories.set(key, h);
      }
      return {
        ...summarise([...h.buckets, ...recent], months),
        timeZone,
        asOf: now.toISOString(),
      };
    },
  };
}

export type PaymentStatsReader = ReturnType<typeof createPaymentStats>;
