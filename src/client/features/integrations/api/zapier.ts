import { zapierApi } from '~/shared/api/integrations';
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
    queryFn: () => adminRequest(zapierApi.status, zapierStatus),
  });
}

export function useDeliveriesQuery() {
  return useQuery({
    queryKey: [...zapierKey, 'deliveries'],
    queryFn: () => adminRequest(zapierApi.deliveries, deliveryListing),
  });
}

/** Read only when the admin asks to see it. */
export function useZapierSecretQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...zapierKey, 'secret'],
    queryFn: () => adminRequest(zapierApi.secret, zapierSecret),
    enabled,
  });
}

/** A POST of the Zapier API with the session's CSRF token, its answer read by `contract`. */
function useZapierPost<S extends z.core.$ZodType, V = void>(
  contract: S,
  route: (typeof zapierApi)['setWebhookUrl' | 'sendTest' | 'rotateSecret' | 'resendFailed'],
  body?: (vars: V) => unknown,
) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (vars: V) => adminRequest(route, contract, { body: body?.(vars), csrfToken }),
  });
}

export const useSaveWebhookUrl = () =>
  useZapierPost(successResult, zapierApi.setWebhookUrl, (url: string) => ({ url }));
export const useSendTestEvent = () => useZapierPost(successResult, zapierApi.sendTest);
export const useRotateSecret = () => useZapierPost(zapierSecret, zapierApi.rotateSecret);
export function useResendDelivery() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest(zapierApi.resend, successResult, { params: { id }, csrfToken }),
  });
}
export const useResendFailed = () => useZapierPost(resendFailedResult, zapierApi.resendFailed);
