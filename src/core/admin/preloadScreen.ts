import { productResources } from '../../../resources/set';
import { hasOperation } from '../shared/resource';
import { adminModules } from './resources';
import { moduleOf } from './resources/AdminResources';
import { preloadResourceList } from './lazyScreens';

/**
 * On a generated list's address (e.g. /admin/users) the list's chunk is
 * fetched while the translations load, instead of after react-admin's first
 * render asked for it: one request less in the chain before the table shows.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.replace(/^\/admin/, '');
  const listed = productResources.list.some(
    (r) => hasOperation(r, 'list') && !moduleOf(adminModules, r.name).list && (path === r.path || path.startsWith(`${r.path}/`)),
  );
  if (listed) preloadResourceList();
}
