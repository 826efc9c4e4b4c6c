import { usePermissions } from 'react-admin';
import { ADMIN_OWN_PATHS } from '../../../core/shared/site-paths';
import { allows } from '../../../core/admin/providers/categories';
import type { AdminPermissions } from '../../../core/admin/providers/permissions';

/** Whether the user may read the audit log (its menu entry, from my-permissions): History sections show only then. */
export function useMayReadAudit(): boolean {
  const { permissions } = usePermissions<AdminPermissions>();
  return allows(permissions?.categories ?? [], ADMIN_OWN_PATHS.auditLog);
}
