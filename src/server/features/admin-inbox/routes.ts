import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessages,
  members,
  membershipApplications,
  newsletterSubscribers,
} from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../admin/record-audit';
import { csvInBatches, olderThan, sendCsv } from '../../lib/csv';
import {
  applicationIdParams,
  applicationListing,
  applicationsQuery,
  applicationUpdateInput,
  applicationView,
  messageIdParams,
  messageListing,
  messagesQuery,
  messageUpdateInput,
  messageView,
  subscriberListing,
  subscribersCsvQuery,
  subscribersQuery,
  subscriberStatuses,
} from './schemas';

const iso = (d: Date | null) => d?.toISOString() ?? null;

type MessageRow = typeof contactMessages.$inferSelect;
type ApplicationRow = typeof membershipApplications.$inferSelect;
type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const serializeMessage = (row: MessageRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** Applications with the status of the member each became, looked up in one query. */
async function serializeApplications(db: Database, rows: ApplicationRow[]) {
  const ids = rows.map((r) => r.id);
  const linked =
    ids.length === 0
      ? []
      : await db
          .select({ applicationId: members.applicationId, status: members.status })
          .from(members)
          .where(inArray(members.applicationId, ids));
  const statusOf = new Map(linked.map((m) => [m.applicationId, m.status]));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    memberStatus: statusOf.get(row.id) ?? null,
  }));
}

const serializeSubscriber = (row: SubscriberRow) => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: iso(row.confirmedAt),
  unsubscribedAt: iso(row.unsubscribedAt),
});

/** Rows read per query while the CSV streams: the export never holds the whole list. */
const CSV_BATCH = 500;

function subscriberCsv(db: Database, filter: SQL | undefined) {
  return csvInBatches(
    ['Email', 'Status', 'Subscribed', 'Confirmed'],
    CSV_BATCH,
    (cursor) =>
      db
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          createdAt: newsletterSubscribers.createdAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
          cursorAt: sql<string>`${newsletterSubscribers.createdAt}::text`,
        })
        .from(newsletterSubscribers)
        .where(
          and(filter, olderThan(cursor, newsletterSubscribers.createdAt, newsletterSubscribers.id)),
        )
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(CSV_BATCH),
    (r) => [r.email, r.status, iso(r.createdAt), iso(r.confirmedAt)],
  );
}

/** The office's inbox: contact messages, membership applications and newsletter subscribers. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/contact-messages',
    { schema: { querystring: messagesQuery, response: { 200: messageListing } } },
    async (request) => {
      const { status, limit, offset } = request.query;
      const where = status ? eq(contactMessages.status, status) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(contactMessages).where(where),
      ]);
      return { messages: rows.map(serializeMessage), total: totals?.total ?? 0 };
    },
  );

  app.patch(
    '/contact-messages/:id',
    {
      schema: { params: messageIdParams, body: messageUpdateInput, response: { 200: messageView } },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const now = app.clock();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(contactMessages)
          .set({ status })
          .where(eq(contactMessages.id, id))
          .returning();
        if (!updated) throw new AppError('not_found', 'No such message');
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'message-status',
          target: id,
          details: { status },
          ip: request.ip,
          at: now,
        });
        return updated;
      });
      return serializeMessage(row);
    },
  );

  app.get(
    '/membership-applications',
    { schema: { querystring: applicationsQuery, response: { 200: applicationListing } } },
    async (request) => {
      const { status, limit, offset } = request.query;
      const where = status ? eq(membershipApplications.status, status) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(membershipApplications)
          .where(where)
          .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(membershipApplications).where(where),
      ]);
      return { applications: await serializeApplications(db, rows), total: totals?.total ?? 0 };
    },
  );

  app.patch(
    '/membership-applications/:id',
    {
      schema: {
        params: applicationIdParams,
        body: applicationUpdateInput,
        response: { 200: applicationView },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status, notes } = request.body;
      const now = app.clock();
      const changes: Partial<Pick<ApplicationRow, 'status' | 'notes'>> = {};
      if (status !== undefined) changes.status = status;
      if (notes !== undefined) changes.notes = notes.trim() === '' ? null : notes;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(membershipApplications)
          .set(changes)
          .where(eq(membershipApplications.id, id))
          .returning();
        if (!updated) throw new AppError('not_found', 'No such application');
        // What changed, never the notes' or the intentions' text: those are private.
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'application-update',
          target: id,
          details: {
            ...(status !== undefined ? { status } : {}),
            ...(notes !== undefined ? { notesChanged: true } : {}),
          },
          ip: request.ip,
          at: now,
        });
        return updated;
      });
      const [view] = await serializeApplications(db, [row]);
      return view!;
    },
  );

  app.get(
    '/newsletter-subscribers',
    { schema: { querystring: subscribersQuery, response: { 200: subscriberListing } } },
    async (request) => {
      const { status, limit, offset } = request.query;
      const where = status ? eq(newsletterSubscribers.status, status) : undefined;
      const [rows, byStatus] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ status: newsletterSubscribers.status, n: count() })
          .from(newsletterSubscribers)
          .groupBy(newsletterSubscribers.status),
      ]);
      const counts = Object.fromEntries(subscriberStatuses.map((s) => [s, 0])) as Record<
        (typeof subscriberStatuses)[number],
        number
      >;
      for (const { status: s, n } of byStatus) counts[s] = n;
      const total = status
        ? counts[status]
        : counts.pending + counts.confirmed + counts.unsubscribed;
      return { subscribers: rows.map(serializeSubscriber), total, counts };
    },
  );

  app.get(
    '/newsletter-subscribers.csv',
    { schema: { querystring: subscribersCsvQuery } },
    async (request, reply) => {
      const { status } = request.query;
      const now = app.clock();
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: 'newsletter-subscribers',
        details: { status: status ?? 'all' },
        ip: request.ip,
        at: now,
      });
      const filter = status ? eq(newsletterSubscribers.status, status) : undefined;
      const filename = `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
      return sendCsv(reply, filename, subscriberCsv(db, filter));
    },
  );
};
