import { createHash } from 'node:crypto';

/** How every erased address begins: no real address does (it has no @ before it). */
export const ERASED_MARK_PREFIX = 'erased:';

/** What an erased address becomes: a one-way mark, the same for the same address. */
export const erasedMark = (email: string) =>
  `${ERASED_MARK_PREFIX}${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
