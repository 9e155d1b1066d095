import { useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { PaymentStats } from './donor-types';

export function usePaymentStatsQuery() {
  return useQuery({
    queryKey: ['admin', 'payment-stats'],
    queryFn: () => adminRequest<PaymentStats>('/api/admin/payment-stats'),
  });
}
