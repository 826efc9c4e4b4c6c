import { api } from '../../../../core/admin/api/http';
import type { MatrixRole } from './matrixModel';

export interface ApiPermission {
  _id: string;
  name: string;
  description: string;
  method: string;
  route: string;
}

export interface MenuEntry {
  _id: string;
  name: string;
  menu: string;
  path: string;
}

const all = <T>(url: string) => api<{ data: T[] }>(url).then((r) => r.data);

export async function loadMatrix() {
  const [roles, permissions, entries] = await Promise.all([
    all<MatrixRole>('/api/auth/roles?limit=1000&sort=name&order=ASC'),
    all<ApiPermission>('/api/auth/permissions?limit=10000'),
    all<MenuEntry>('/api/auth/client-permissions?limit=10000'),
  ]);
  return { roles, permissions, entries };
}

export const saveRolePermissions = (roleId: string, permissionIds: string[]) =>
  api(`/api/auth/roles/${encodeURIComponent(roleId)}/permissions`, { method: 'PUT', body: { permissionIds } });

export const saveRoleMenuEntries = (roleId: string, clientPermissionIds: string[]) =>
  api(`/api/auth/roles/${encodeURIComponent(roleId)}/client-permissions`, { method: 'PUT', body: { clientPermissionIds } });
