import type { AuditDiff } from '../../audit/contract';

/**
 * What a save did to a language, for the audit trail: each key whose text
 * was added, changed or removed, `{key: {before, after}}` (null when absent).
 * One entry per key is what makes a key's history a query:
 * `GET /api/auth/audit-logs?resource=translations&field={key}`.
 */
export function entriesDiff(before: Record<string, unknown>, after: Record<string, unknown>): AuditDiff {
  const diff: AuditDiff = {};
  for (const [k, v] of Object.entries(after))
    if (!Object.hasOwn(before, k) || before[k] !== v) diff[k] = { before: Object.hasOwn(before, k) ? before[k] : null, after: v };
  for (const [k, v] of Object.entries(before)) if (!Object.hasOwn(after, k)) diff[k] = { before: v, after: null };
  return diff;
}
