import { adminApi } from '~/shared/api/admin';
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
    queryFn: () => adminRequest(adminApi.accountSecurity, accountSecurity),
  });
}

/** The account's calls that take no `:id`. */
type AccountPost = (typeof adminApi)[
  | 'startTotp'
  | 'confirmTotp'
  | 'disableTotp'
  | 'newPasskeyOptions'
  | 'addPasskey'
  | 'recoveryCodes'];

function usePost() {
  const { csrfToken } = useAdminSession();
  return <S extends z.core.$ZodType>(route: AccountPost, contract: S, body?: unknown) =>
    adminRequest(route, contract, { body, csrfToken });
}

export function useStartTotpSetup() {
  const post = usePost();
  return useMutation({ mutationFn: () => post(adminApi.startTotp, totpSetup) });
}

export function useConfirmTotp() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: TotpConfirmInput) => post(adminApi.confirmTotp, factorAdded, input),
  });
}

export function useDisableTotp() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: ReauthInput) => post(adminApi.disableTotp, noContent, input),
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
      const options = await post(adminApi.newPasskeyOptions, passkeyCreationOptions);
      const response = await createPasskey(options);
      return post(adminApi.addPasskey, passkeyAdded, { name, response, ...reauth });
    },
  });
}

export function useRemovePasskey() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, ...input }: ReauthInput & { id: string }) =>
      adminRequest(adminApi.removePasskey, noContent, { params: { id }, body: input, csrfToken }),
  });
}

export function useRegenerateRecoveryCodes() {
  const post = usePost();
  return useMutation({
    mutationFn: (input: ReauthInput) => post(adminApi.recoveryCodes, recoveryCodesIssued, input),
  });
}
