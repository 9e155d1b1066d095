import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { members, type Member } from '~/db/schema';
import { memberStatuses, type MemberStatus } from '~/shared/domain';
import type { Database } from '~/db/client';
import { centsToDecimal, memberStatusLabel } from '~/shared/donor-labels';
import { csvInBatches, olderThan } from '~/server/lib/csv';
import type { MemberView } from '~/shared/schemas/admin-members';

export interface MemberFilters {
  tier?: string | undefined;
  status?: MemberStatus | undefined;
}

export function memberWhere({ tier, status }: MemberFilters): SQL | undefined {
  return and(
    tier ? eq(members.tier, tier) : undefined,
    status ? eq(members.status, status) : undefined,
  );
}

const paidByOf = (row: Member): MemberView['paidBy'] =>
  row.stripeSubscriptionId ? 'card' : row.ojcSubscriptionId || row.ojcPaymentId ? 'ojc' : null;

/** Rows are not the wire format: the member as the admin API shows it. */
export function serializeMember(row: Member): MemberView {
  return {
    id: row.id,
    applicationId: row.applicationId,
    name: row.name,
    email: row.email,
    tier: row.tier,
    status: row.status,
    monthlyAmount: row.monthlyAmountCents,
    memberSince: row.memberSince?.toISOString() ?? null,
    nextRenewalAt: row.nextRenewalAt?.toISOString() ?? null,
    paidBy: paidByOf(row),
  };
}

/** A page of members, newest first, with the count of each status within the tier filter. */
export async function listMembers(
  db: Database,
  filters: MemberFilters,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = memberWhere(filters);
  const [rows, byStatus] = await Promise.all([
    db
      .select()
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ status: members.status, n: count() })
      .from(members)
      .where(memberWhere({ tier: filters.tier }))
      .groupBy(members.status),
  ]);
  const counts = Object.fromEntries(memberStatuses.map((s) => [s, 0])) as Record<
    MemberStatus,
    number
  >;
  for (const { status, n } of byStatus) counts[status] = n;
  const total = filters.status
    ? counts[filters.status]
    : memberStatuses.reduce((sum, s) => sum + counts[s], 0);
  return { members: rows.map(serializeMember), total, counts };
}

const CSV_BATCH = 500;

/** The Members CSV, newest first, with the list's filters; dates in the site's time zone. */
export function membersCsv(
  db: Database,
  filters: MemberFilters,
  { timeZone, tierName }: { timeZone: string; tierName: (id: string) => string },
) {
  const where = memberWhere(filters);
  const localDay = (column: typeof members.memberSince) =>
    sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return csvInBatches(
    [
      'Name',
      'Email',
      'Tier',
      'Status',
      'Member Since',
      'Next Renewal',
      'Monthly Amount',
      'Paid By',
    ],
    CSV_BATCH,
    (cursor) =>
      db
        .select({
          row: members,
          memberSince: localDay(members.memberSince),
          nextRenewal: localDay(members.nextRenewalAt),
          cursorAt: sql<string>`${members.createdAt}::text`,
          id: members.id,
        })
        .from(members)
        .where(and(where, olderThan(cursor, members.createdAt, members.id)))
        .orderBy(desc(members.createdAt), desc(members.id))
        .limit(CSV_BATCH),
    ({ row, memberSince, nextRenewal }) => [
      row.name,
      row.email,
      tierName(row.tier),
      memberStatusLabel(row.status),
      memberSince,
      nextRenewal,
      centsToDecimal(row.monthlyAmountCents),
      { card: 'Card', ojc: 'OJC', none: '' }[paidByOf(row) ?? 'none'],
    ],
  );
}
