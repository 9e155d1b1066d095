import { and, eq } from 'drizzle-orm';
import { prayerNames } from '~/db/schema';
import { AppError } from '~/server/errors';
import { ownedBy, type NameOwner } from './owner';

/**
 * One of the owner's names. Each operation on a name reads and writes only the names of the
 * owner it is given (a session's), so one giver never reaches another's names.
 */
export const ownedName = (id: string, owner: NameOwner) =>
  and(eq(prayerNames.id, id), ownedBy(owner));

export const nameNotFound = () => new AppError('not_found', 'This name is not on your list.');
