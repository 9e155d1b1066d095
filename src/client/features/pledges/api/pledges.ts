import { pledgesApi } from '~/shared/api/pledges';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pledgeAnswer,
  pledgeListing,
  pledgePaid,
  type PledgeInput,
  type PledgePayInput,
} from '~/shared/schemas/pledges';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

const pledgesKey = ['admin', 'pledges'] as const;

/** `GET /api/admin/pledges`: open first, soonest expected first, the overdue marked. */
export function listPledges() {
  return adminRequest(pledgesApi.list, pledgeListing);
}

export function usePledgesQuery() {
  return useQuery({ queryKey: pledgesKey, queryFn: listPledges });
}

/** One write to a pledge; the list is read again once it is done, whatever the answer. */
function usePledgeWrite<T, R>(write: (vars: T, csrfToken: string) => Promise<R>) {
  const { csrfToken } = useAdminSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: T) => write(vars, csrfToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pledgesKey }),
  });
}

export const useCreatePledge = () =>
  usePledgeWrite((pledge: PledgeInput, csrfToken) =>
    adminRequest(pledgesApi.create, pledgeAnswer, { body: pledge, csrfToken }),
  );

export const useRemindPledge = () =>
  usePledgeWrite((id: string, csrfToken) =>
    adminRequest(pledgesApi.remind, pledgeAnswer, { params: { id }, csrfToken }),
  );

export const useCancelPledge = () =>
  usePledgeWrite(({ id, reason }: { id: string; reason: string }, csrfToken) =>
    adminRequest(pledgesApi.cancel, pledgeAnswer, {
      params: { id },
      body: { reason },
      csrfToken,
    }),
  );

export const usePayPledge = () =>
  usePledgeWrite(({ id, pay }: { id: string; pay: PledgePayInput }, csrfToken) =>
    adminRequest(pledgesApi.pay, pledgePaid, {
      params: { id },
      body: pay,
      csrfToken,
    }),
  );

export const useUpdatePledge = () =>
  usePledgeWrite(({ id, pledge }: { id: string; pledge: PledgeInput }, csrfToken) =>
    adminRequest(pledgesApi.update, pledgeAnswer, {
      params: { id },
      body: pledge,
      csrfToken,
    }),
  );
