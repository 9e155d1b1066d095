import { z } from 'zod';

/** `limit` (1 to 100, default 50) and `offset` of an admin list's query string. */
export const pageQueryFields = {
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(50),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be 0 or more')
    .default(0),
};
