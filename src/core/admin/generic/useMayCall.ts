import { usePermissions } from 'react-admin';
import { mayCall } from '../providers/apiPermissions';
import type { AdminPermissions } from '../providers/permissions';

/** `may(method, route)`: whether the user's permissions allow an API call (screens with their own routes). */
export function useMayCall(): (method: string, route: string) => boolean {
  const { permissions } = usePermissions<AdminPermissions>();
  return (method, route) => mayCall(permissions?.calls, { method, route });
}
