import type { ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { usePermissions } from 'react-admin';
import { allows, type Category } from '../providers/categories';
import { AccessDenied } from './AccessDenied';

/** Custom screens open only when the user's categories include their path (DESIGN 5). */
export function CategoryGuard({ path, children }: { path: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Category[]>();
  if (isPending) return <LinearProgress />;
  return allows(permissions ?? [], path) ? <>{children}</> : <AccessDenied />;
}
