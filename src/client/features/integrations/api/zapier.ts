import { useMutation, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  deliveryListing,
  resendFailedResult,
  successResult,
  zapierSecret,
  zapierStatus,
} from '~/shared/schemas/integrations';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** The Zapier tab's calls (spec 7), the secret and the delivery log. */

const zapierKey = ['admin', 'zapier'] as const;

export function useZapierStatusQuery() {
  return useQuery({
    queryKey: [...zapierKey, 'status'],
    queryFn: () => adminRequest('/api/zapier/status', zapierStatus),
  });
}

export function useDeliveriesQuery() {
  return useQuery({
    queryKey: [...zapierKey, 'deliveries'],
    queryFn: () => adminRequest('/api/zapier/deliveries', deliveryListing),
  });
}

/** Read only when the admin asks to see it. */
export function useZapierSecretQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...zapierKey, 'secret'],
    queryFn: () => adminRequest('/api/zapier/secret', zapierSecret),
    enabled,
  });
}

/** A POST of the Zapier API with the session's CSRF token, its answer read by `contract`. */
function useZapierPost<S extends z.core.$ZodType, V = void>(
  contract: S,
  path: (vars: V) => string,
  body?: (vars: V) => unknown,
) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (vars: V) =>
      adminRequest(path(vars), contract, { method: 'POST', body: body?.(vars), csrfToken }),
  });
}

export const useSaveWebhookUrl = () =>
  useZapierPost(
    successResult,
    (_url: string) => '/api/zapier/webhook-url',
    (url) => ({ url }),
  );
export const useSendTestEvent = () => useZapierPost(successResult, () => '/api/zapier/test');
export const useRotateSecret = () => useZapierPost(zapierSecret, () => '/api/zapier/rotate-secret');
export const useResendDelivery = () =>
  useZapierPost(successResult, (id: number) => `/api/zapier/deliveries/${id}/resend`);
export const useResendFailed = () =>
  useZapierPost(resendFailedResult, () => '/api/zapier/deliveries/resend-failed');
