import { usePermissions } from 'react-admin';
import { hasOperation, type Operation, type ResourceDef } from '../../shared/resource';
import { operationCall } from '../../shared/operation-call';
import { mayCall } from '../providers/apiPermissions';
import type { AdminPermissions } from '../providers/permissions';
import { getUserInfo } from '../../web/session';
import { fieldAccess, type FieldAccess } from './fieldAccess';

export type Abilities = Record<Operation, boolean> & {
  /** False while the permissions load (a configurable table must not start without its actions column). */
  ready: boolean;
  /** The fields and records the user's access rules leave them (unlimited while permissions load). */
  access: FieldAccess;
};

/** Whether `op` is both served for the resource and allowed to the user. */
export function able(def: ResourceDef, op: Operation, permissions: AdminPermissions | undefined): boolean {
  return hasOperation(def, op) && mayCall(permissions?.calls, operationCall(def, op));
}

/**
 * What the signed-in user may do with a resource: each operation its API
 * serves and one of the user's roles allows (the same permission records
 * the server checks). Buttons show only for these; while permissions load,
 * nothing is offered. `access` narrows them to fields and records.
 */
export function useAbilities(def: ResourceDef): Abilities {
  const { permissions, isPending } = usePermissions<AdminPermissions>();
  return {
    ready: !isPending,
    list: able(def, 'list', permissions),
    get: able(def, 'get', permissions),
    create: able(def, 'create', permissions),
    // The edit form loads the record first.
    update: able(def, 'update', permissions) && able(def, 'get', permissions),
    delete: able(def, 'delete', permissions),
    access: fieldAccess(permissions?.calls, def.name, getUserInfo()?.user._id),
  };
}
