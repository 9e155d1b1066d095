import type * as z from 'zod/mini';
import { inboxPageSize } from '~/shared/schemas/admin-inbox';
import type { adminInboxApi } from '~/shared/api/admin-inbox';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** One page of an inbox list (messages, applications, subscribers), by status. */
export function listInboxPage<S extends z.core.$ZodType>(
  route: (typeof adminInboxApi)['contactMessages' | 'applications' | 'subscribers'],
  contract: S,
  status: string | undefined,
  offset: number,
) {
  const query = new URLSearchParams({ limit: String(inboxPageSize) });
  if (status) query.set('status', status);
  if (offset > 0) query.set('offset', String(offset));
  return adminRequest(route, contract, { query });
}
