import { useMutation } from '@tanstack/react-query';
import { offlineGiftCreated, type OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** `POST /api/admin/offline-gifts`: a gift the office received another way, with its receipt number. */
export function recordOfflineGift(gift: OfflineGiftInput, csrfToken: string) {
  return adminRequest('/api/admin/offline-gifts', offlineGiftCreated, {
    method: 'POST',
    body: gift,
    csrfToken,
  });
}

export function useRecordOfflineGift() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (gift: OfflineGiftInput) => recordOfflineGift(gift, csrfToken),
  });
}
