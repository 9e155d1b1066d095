import { useQuery } from '@tanstack/react-query';
import { paymentStats } from '~/shared/schemas/admin-donors';
import { adminRequest } from '~/client/lib/admin/admin-request';

export function usePaymentStatsQuery() {
  return useQuery({
    queryKey: ['admin', 'payment-stats'],
    queryFn: () => adminRequest('/api/admin/payment-stats', paymentStats),
  });
}
