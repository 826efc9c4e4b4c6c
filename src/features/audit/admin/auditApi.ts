import type { AuditFilters } from '../contract';
import { listAuditLogs } from '../contract';
import { call } from '../../../core/admin/api/http';

export const AUDIT_API = '/api/auth/audit-logs';

/** The filters the screen and the History section send (empty ones left out). */
export type AuditFilterValues = { [K in keyof AuditFilters]?: string };

export const FILTER_KEYS = ['q', 'actor', 'resource', 'action', 'recordId', 'from', 'to'] as const;

export function auditQuery(filters: AuditFilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = filters[k]?.trim();
    if (v) params.set(k, v);
  }
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const loadAuditLogs = (filters: AuditFilterValues, page: number, limit: number) =>
  call(listAuditLogs, `${AUDIT_API}${auditQuery(filters, { page: String(page), limit: String(limit) })}`);

export const auditExportUrl = (filters: AuditFilterValues) => `${AUDIT_API}/export.csv${auditQuery(filters)}`;
