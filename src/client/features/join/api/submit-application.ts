import { postJson } from '../../../lib/api';
import type { MembershipApplicationInput } from '~/shared/schemas/membership';

export function submitApplication(input: MembershipApplicationInput) {
  return postJson<{ id: string; tier: string; message: string }>(
    '/api/membership-applications',
    input,
  );
}
