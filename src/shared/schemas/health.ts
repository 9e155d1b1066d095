import * as z from 'zod/mini';

/** `GET /healthz`: 200 `ok` while the database answers, 503 `unavailable` once it does not. */
export const healthStatus = z.object({ status: z.enum(['ok', 'unavailable']) });
