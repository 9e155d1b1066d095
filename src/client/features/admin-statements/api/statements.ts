import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendStatementsResult, statementListing } from '~/shared/schemas/admin-statements';
import { erasureRequestListing, erasureRequestView } from '~/shared/schemas/my-giving';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { adminQueryKey } from '~/client/lib/admin/query-client';

const statementsKey = [...adminQueryKey, 'statements'] as const;

/** GET /api/admin/statements: a year's donors, their totals and whether their statement went out. */
export function useStatementsQuery(year: number) {
  return useQuery({
    queryKey: [...statementsKey, year],
    queryFn: () => adminRequest(`/api/admin/statements?year=${year}`, statementListing),
  });
}

export const statementsCsvUrl = (year: number) => `/api/admin/statements.csv?year=${year}`;
export const statementPreviewUrl = (year: number, email: string) =>
  `/api/admin/statements/preview.pdf?year=${year}&email=${encodeURIComponent(email)}`;

/** Mails a year's statements (or one donor's), or sends them again. */
export function useSendStatements() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; email?: string; again?: boolean }) =>
      adminRequest('/api/admin/statements/send', sendStatementsResult, {
        method: 'POST',
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
    queryFn: () => adminRequest('/api/admin/erasure-requests', erasureRequestListing),
  });
}

/** The office's decision on a request: erase, or decline. */
export function useDecideErasure() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'erase' | 'decline' }) =>
      adminRequest(`/api/admin/erasure-requests/${id}`, erasureRequestView, {
        method: 'POST',
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
