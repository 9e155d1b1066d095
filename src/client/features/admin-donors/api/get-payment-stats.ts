import { useQuery } from '@tanstack/react-query';
import { paymentStats, type MethodFilter } from '~/shared/schemas/admin-donors';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** The totals, windows and chart: of every gift, or of the gifts of one way of giving. */
export function usePaymentStatsQuery(method: MethodFilter | '' = '') {
  return useQuery({
    queryKey: ['admin', 'payment-stats', method],
    queryFn: () =>
      adminRequest(`/api/admin/payment-stats${method ? `?method=${method}` : ''}`, paymentStats),
  });
}
