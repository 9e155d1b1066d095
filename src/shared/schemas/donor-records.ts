import { z } from 'zod';
import { searchText } from './admin-donors';

/**
 * Donor records (ADR 053): one per person, whatever address or method they gave with. The office
 * finds them (the ledger's "is this the same donor?", the donor table's "Same person as…") and
 * merges two that are the same person.
 */

export const donorRecordQuery = z.object({
  /** The record of this gift (a row of the donor table). */
  gift: z.uuid({ error: 'Gift must be the id of a gift' }).optional(),
  /** Part of a name or an address (email), any case. */
  search: searchText,
  /** The records of donors of this name (any case), the ones at this postal address first. */
  name: z
    .string()
    .trim()
    .max(200, 'Name must be at most 200 characters')
    .transform((value) => value || undefined)
    .optional(),
  address: z
    .string()
    .trim()
    .max(500, 'Address must be at most 500 characters')
    .transform((value) => value || undefined)
    .optional(),
});

export const donorRecordView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The addresses of the records merged into this one: gifts and sign-ins by them land here. */
  otherEmails: z.array(z.string()),
  postalAddress: z.string().nullable(),
  gifts: z.number(),
  /** The newest gift's date (ISO), null with none. */
  lastGiftAt: z.string().nullable(),
});

export const donorRecordList = z.object({ donors: z.array(donorRecordView) });

export const donorMergeParams = z.object({
  id: z.uuid({ error: 'This is not a donor record: reload the list.' }),
});

/** `POST /api/admin/donors/:id/merge`: this record is the same person as `into`, for `reason`. */
export const donorMergeInput = z.object({
  into: z.uuid({ error: 'Choose the record to keep' }),
  reason: z
    .string({ error: 'Please say why these are the same person' })
    .trim()
    .min(1, 'Please say why these are the same person')
    .max(500, 'The reason must be at most 500 characters'),
});

export const donorMerged = z.object({ donor: donorRecordView, giftsMoved: z.number() });

export type DonorRecordView = z.infer<typeof donorRecordView>;
export type DonorMergeInput = z.infer<typeof donorMergeInput>;
