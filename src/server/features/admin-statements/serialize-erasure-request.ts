import type * as z from 'zod/mini';
import type { ErasureRequest } from '~/db/schema';
import type { erasureRequestView } from '~/shared/schemas/admin-statements';

/** A request as the office's list shows it; `name` only while the address is not erased. */
export function serializeErasureRequest(
  r: ErasureRequest & { name?: string | null },
): z.output<typeof erasureRequestView> {
  return {
    id: r.id,
    email: r.email,
    name: r.name?.trim() || null,
    status: r.status,
    requestedAt: r.requestedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}
