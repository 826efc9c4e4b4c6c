import { useCallback, type ReactElement } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LabelIcon from '@mui/icons-material/Label';
import HistoryIcon from '@mui/icons-material/History';
import { ADMIN_OWN_PATHS } from '../../shared/site-paths';
import { moduleOf, useAdminResources } from '../resources/AdminResources';

/**
 * Icon of a menu path: a resource's comes from its admin folder; unknown
 * paths (new client permissions) get a neutral one.
 */
export function useMenuIcon(): (path: string) => ReactElement {
  const { resources, modules } = useAdminResources();
  // The same function while the resources are the same: the admin's Resource elements are built from it once.
  return useCallback(
    (path: string) => {
      if (path === ADMIN_OWN_PATHS.profile) return <AccountCircleIcon />;
      if (path === ADMIN_OWN_PATHS.auditLog) return <HistoryIcon />;
      const r = resources.list.find((x) => x.path === path);
      const Icon = r ? moduleOf(modules, r.name).icon : undefined;
      return Icon ? <Icon /> : <LabelIcon />;
    },
    [resources, modules],
  );
}
