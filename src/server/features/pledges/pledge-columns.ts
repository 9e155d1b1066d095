import type { PledgeInput } from '~/shared/schemas/pledges';

/** The office's form, as the pledge row's columns (money in cents). */
export const pledgeColumnsOf = (input: PledgeInput) => ({
  donorName: input.name,
  email: input.email,
  postalAddress: input.address,
  amountCents: Math.round(input.amount * 100),
  expectedOn: input.expectedOn,
  campaign: input.campaign,
  note: input.note,
});
