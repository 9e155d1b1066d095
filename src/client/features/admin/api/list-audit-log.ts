import { useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AuditEntry } from './types';

export const AUDIT_LOG_LIMIT = 100;

export function listAuditLog() {
  return adminRequest<{ entries: AuditEntry[] }>(`/api/admin/audit-log?limit=${AUDIT_LOG_LIMIT}`);
}

export function useAuditLogQuery() {
  return useQuery({ queryKey: ['admin', 'audit-log'], queryFn: listAuditLog });
}
