import { desc, eq } from 'drizzle-orm';
import { membershipApplications } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { ApplicationStatus } from '~/shared/domain';
import { pageOf, type Page } from '~/server/lib/page-of';
import { serializeApplications } from './serialize-applications';

/** One page of membership applications, newest first, optionally of one status. */
export async function listApplications(
  db: DatabaseExecutor,
  status: ApplicationStatus | undefined,
  page: Page,
) {
  const where = status ? eq(membershipApplications.status, status) : undefined;
  const { rows, total } = await pageOf(
    db,
    db
      .select()
      .from(membershipApplications)
      .where(where)
      .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id))
      .$dynamic(),
    { from: membershipApplications, where },
    page,
  );
  return { applications: await serializeApplications(db, rows), total };
}
