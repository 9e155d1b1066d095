import { useQuery } from '@tanstack/react-query';
import { auditListing } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';

export const AUDIT_LOG_LIMIT = 100;

export function listAuditLog() {
  return adminRequest(`/api/admin/audit-log?limit=${AUDIT_LOG_LIMIT}`, auditListing);
}

export function useAuditLogQuery() {
  return useQuery({ queryKey: ['admin', 'audit-log'], queryFn: listAuditLog });
}
