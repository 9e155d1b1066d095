import { adminApi } from '~/shared/api/admin';
import { useQuery } from '@tanstack/react-query';
import { auditListing } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';

export const AUDIT_LOG_LIMIT = 100;

export function listAuditLog() {
  return adminRequest(adminApi.auditLog, auditListing, { query: { limit: AUDIT_LOG_LIMIT } });
}

export function useAuditLogQuery() {
  return useQuery({ queryKey: ['admin', 'audit-log'], queryFn: listAuditLog });
}
