import type { MembershipApplicationInput } from '~/shared/schemas/membership';
import { membershipApi } from '~/shared/api/membership';
import { contractOf, postJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const contracts = import.meta.env.DEV ? () => import('~/shared/schemas/membership') : null;

export function submitApplication(input: MembershipApplicationInput) {
  return postJson(
    membershipApi.apply,
    input,
    contractOf(contracts, (m) => m.membershipApplicationResponse),
  );
}
