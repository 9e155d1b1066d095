import { adminDonorsApi } from '~/shared/api/admin-donors';
import { useQuery } from '@tanstack/react-query';
import { paymentStats, type MethodFilter } from '~/shared/schemas/admin-donors';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** The totals, windows and chart: of every gift, or of one way of giving and/or one campaign. */
export function usePaymentStatsQuery(method: MethodFilter | '' = '', campaign = '') {
  const params = new URLSearchParams();
  if (method) params.set('method', method);
  if (campaign) params.set('campaign', campaign);
  return useQuery({
    queryKey: ['admin', 'payment-stats', method, campaign],
    queryFn: () => adminRequest(adminDonorsApi.paymentStats, paymentStats, { query: params }),
  });
}
