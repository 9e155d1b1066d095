import { urlOf } from '~/shared/route';
import { adminStatementsApi } from '~/shared/api/admin-statements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  erasureRequestListing,
  erasureRequestView,
  sendStatementsResult,
  statementListing,
} from '~/shared/schemas/admin-statements';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { adminQueryKey } from '~/client/lib/admin/query-client';

const statementsKey = [...adminQueryKey, 'statements'] as const;

/** GET /api/admin/statements: a year's donors, their totals and whether their statement went out. */
export function useStatementsQuery(year: number) {
  return useQuery({
    queryKey: [...statementsKey, year],
    queryFn: () =>
      adminRequest(adminStatementsApi.statements, statementListing, { query: { year } }),
  });
}

export const statementsCsvUrl = (year: number) =>
  urlOf(adminStatementsApi.statementsCsv, { query: { year } });
export const statementPreviewUrl = (year: number, email: string) =>
  urlOf(adminStatementsApi.statementPreview, { query: { year, email } });

/** Mails a year's statements (or one donor's), or sends them again. */
export function useSendStatements() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; email?: string; again?: boolean }) =>
      adminRequest(adminStatementsApi.sendStatements, sendStatementsResult, {
        body,
        csrfToken,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: statementsKey }),
  });
}

const erasuresKey = [...adminQueryKey, 'erasure-requests'] as const;

/** GET /api/admin/erasure-requests: donors' requests to be forgotten. */
export function useErasureRequestsQuery() {
  return useQuery({
    queryKey: erasuresKey,
    queryFn: () => adminRequest(adminStatementsApi.erasureRequests, erasureRequestListing),
  });
}

/** The office's decision on a request: erase, or decline. */
export function useDecideErasure() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'erase' | 'decline' }) =>
      adminRequest(adminStatementsApi.answerErasureRequest, erasureRequestView, {
        params: { id },
        body: { decision },
        csrfToken,
      }),
    // An erased donor leaves the statements too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: erasuresKey }),
        client.invalidateQueries({ queryKey: statementsKey }),
      ]),
  });
}
