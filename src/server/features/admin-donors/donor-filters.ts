import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { campaigns, donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import type { OfflineMethod, PaymentMethod } from '~/shared/domain';
import type { DonorFilters, MethodFilter } from '~/shared/schemas/admin-donors';

/** `%`, `_` and `\` typed in the search box match themselves, not any text. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the trigram indexes can narrow a search for `term`: it has three letters or digits in a
 * row. Counted in ASCII alone, since what pg_trgm takes for a letter outside it depends on the
 * database's locale (PGlite's C locale takes no Hebrew letter for one): a term without such a
 * run is looked up by its pairs of letters instead (migration 0018), on any database.
 */
export const hasTrigram = (term: string) => /[a-z0-9]{3}/i.test(term);

/**
 * A case-insensitive substring of the name or the email: ILIKE decides, and an index narrows the
 * rows first, the trigram indexes of each column or, for a short or non-Latin term, the letters
 * and pairs of letters of both (ADR 030).
 */
function searchCondition(term: string) {
  const contains = or(
    ilike(donations.donorName, containsPattern(term)),
    ilike(donations.email, containsPattern(term)),
  );
  // A newline separates the name from the email among the pairs of letters, in none of them.
  if (hasTrigram(term) || term.includes('\n')) return contains;
  return and(
    sql`donor_search_grams(${donations.donorName}, ${donations.email}) @> donor_search_keys(${term})`,
    contains,
  );
}

/** Midnight starting `day` (YYYY-MM-DD) in `timeZone`, as an instant, computed by the database. */
export function startOfDay(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/**
 * The WHERE clause of the donor list, its count and its CSV. Search is a case-insensitive
 * substring of the name or the email (spec 5); From and To are whole days in the site's time
 * zone, both included, on the date the gift was recorded (`created_at`, the table's Date).
 */
export function donorWhere(filters: DonorFilters, timeZone: string): SQL | undefined {
  const { search, from, to, type, status, method, donor, campaign } = filters;
  return and(
    search ? searchCondition(search) : undefined,
    from ? gte(donations.createdAt, startOfDay(from, timeZone)) : undefined,
    to
      ? lt(donations.createdAt, sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`)
      : undefined,
    type ? eq(donations.donationType, type) : undefined,
    status ? eq(donations.paymentStatus, status) : undefined,
    methodCondition(method),
    donor ? eq(donations.donorId, donor) : undefined,
    campaignCondition(campaign),
  );
}

/** The gifts of one campaign, by its slug. */
export function campaignCondition(slug: string | undefined): SQL | undefined {
  if (!slug) return undefined;
  return sql`${donations.campaignId} = (select ${campaigns.id} from ${campaigns} where ${campaigns.slug} = ${slug})`;
}

/**
 * A campaign filter names a campaign that exists (a draft too): a slug mistyped in the address
 * is told, not shown as an empty list, and the stats keep sums for real campaigns only.
 */
export async function assertCampaignFilter(db: DatabaseExecutor, slug: string | undefined) {
  if (!slug) return;
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.slug, slug));
  if (!row) {
    throw new AppError('validation_failed', 'Please check the campaign.', {
      campaign: 'There is no campaign with this address',
    });
  }
}

/** The gifts of one way of giving: a payment method, or one way the office received a gift. */
export function methodCondition(method: MethodFilter | undefined): SQL | undefined {
  if (!method) return undefined;
  const [paymentMethod, offlineMethod] = method.split(':') as [PaymentMethod, OfflineMethod?];
  return and(
    eq(donations.paymentMethod, paymentMethod),
    offlineMethod ? eq(donations.offlineMethod, offlineMethod) : undefined,
  );
}

/** The filters as the audit log records an export: what was asked, never a row. */
export function describeFilters(filters: DonorFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
