import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeliveryListing, SuccessResult, ZapierStatus } from '~/shared/schemas/integrations';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

/** The Zapier tab's calls (spec 7), the secret and the delivery log. */

const zapierKey = ['admin', 'zapier'] as const;

export function useZapierStatusQuery() {
  return useQuery({
    queryKey: [...zapierKey, 'status'],
    queryFn: () => adminRequest<ZapierStatus>('/api/zapier/status'),
  });
}

export function useDeliveriesQuery() {
  return useQuery({
    queryKey: [...zapierKey, 'deliveries'],
    queryFn: () => adminRequest<DeliveryListing>('/api/zapier/deliveries'),
  });
}

/** Read only when the admin asks to see it. */
export function useZapierSecretQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...zapierKey, 'secret'],
    queryFn: () => adminRequest<{ secret: string }>('/api/zapier/secret'),
    enabled,
  });
}

/** A POST of the Zapier API with the session's CSRF token. */
function useZapierPost<T, V = void>(path: (vars: V) => string, body?: (vars: V) => unknown) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (vars: V) =>
      adminRequest<T>(path(vars), { method: 'POST', body: body?.(vars), csrfToken }),
  });
}

export const useSaveWebhookUrl = () =>
  useZapierPost<SuccessResult, string>(
    () => '/api/zapier/webhook-url',
    (url) => ({ url }),
  );
export const useSendTestEvent = () => useZapierPost<SuccessResult>(() => '/api/zapier/test');
export const useRotateSecret = () =>
  useZapierPost<{ secret: string }>(() => '/api/zapier/rotate-secret');
export const useResendDelivery = () =>
  useZapierPost<SuccessResult, number>((id) => `/api/zapier/deliveries/${id}/resend`);
export const useResendFailed = () =>
  useZapierPost<SuccessResult & { resent: number }>(() => '/api/zapier/deliveries/resend-failed');
