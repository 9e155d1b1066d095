import { useMutation, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  accountSecurity,
  factorAdded,
  passkeyAdded,
  recoveryCodesIssued,
  totpSetup,
  type ReauthInput,
  type TotpConfirmInput,
} from '~/shared/schemas/admin-second-factor';
import { passkeyCreationOptions } from '~/shared/schemas/webauthn';
import { noContent } from '~/shared/schemas/common';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { createPasskey } from '~/client/features/admin/lib/passkey-ceremony';

/** The signed-in administrator's own second factors (Account Security). */
export const accountSecurityKey = ['admin', 'account-security'] as const;

export function useAccountSecurityQuery() {
  return useQuery({
    queryKey: accountSecurityKey,
    queryFn: () => adminRequest('/api/admin/account/security', accountSecurity),
  });
}

function usePost() {
  const { csrfToken } = useAdminSession();
  return <S extends z.core.$ZodType>(path: string, contract: S, body?: unknown) =>
    adminRequest(`/api/admin/account${path}`, contract, { method: 'POST', body, csrfToken });
}

export function useStartTotpSetup() {
  const post = usePost();
  return useMutation({ mutationFn: () => post('/totp', totpSetup) });
}

export function useConfirmTotp() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: TotpConfirmInput) => post('/totp/confirm', factorAdded, input),
  });
}

export function useDisableTotp() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: ReauthInput) => post('/totp/disable', noContent, input),
  });
}

/**
 * Asks the server for a challenge, the browser for a passkey, and the server to keep it (with
 * the password, which it checks before it keeps anything).
 */
export function useAddPasskey() {
  const post = usePost();
  return useMutation({
    mutationFn: async ({ name, ...reauth }: ReauthInput & { name: string }) => {
      const options = await post('/passkeys/options', passkeyCreationOptions);
      const response = await createPasskey(options);
      return post('/passkeys', passkeyAdded, { name, response, ...reauth });
    },
  });
}

export function useRemovePasskey() {
  const post = usePost();
  return useMutation({
    mutationFn: ({ id, ...input }: ReauthInput & { id: string }) =>
      post(`/passkeys/${id}/remove`, noContent, input),
  });
}

export function useRegenerateRecoveryCodes() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: ReauthInput) => post('/recovery-codes', recoveryCodesIssued, input),
  });
}
