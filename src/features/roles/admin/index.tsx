import { lazy } from 'react';
import SecurityIcon from '@mui/icons-material/Security';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import type { AdminResourceModule } from '../../../core/admin/resources/module';
import { MatrixButton } from './MatrixButton';

const PermissionMatrix = lazy(lazyWithTimeout(() => import('./matrix/PermissionMatrix')));

/** Roles: the generated list and modal, plus the permission matrix. */
export const roles: AdminResourceModule = {
  icon: SecurityIcon,
  listActions: <MatrixButton />,
  routes: [{ path: '/roles/matrix', element: <PermissionMatrix /> }],
};
