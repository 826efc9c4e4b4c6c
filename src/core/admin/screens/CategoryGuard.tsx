import type { ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { usePermissions } from 'react-admin';
import { allows } from '../providers/categories';
import type { AdminPermissions } from '../providers/permissions';
import { AccessDenied } from './AccessDenied';

/** Custom screens open only when the user's categories include their path; otherwise access denied. */
export function CategoryGuard({ path, children }: { path: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<AdminPermissions>();
  if (isPending) return <LinearProgress />;
  return allows(permissions?.categories ?? [], path) ? <>{children}</> : <AccessDenied />;
}
