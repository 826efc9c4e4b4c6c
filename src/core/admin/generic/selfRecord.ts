import type { ResourceDef } from '../../shared/resource';
import { getUserInfo } from '../../web/session';

/**
 * Whether a record is the signed-in user themself (the declaration's rank
 * subject is the record): the server refuses deleting or blocking oneself,
 * so the screens do not offer it.
 */
export function isSelf(def: ResourceDef, record: { id?: unknown } | undefined): boolean {
  const me = getUserInfo()?.user._id;
  return def.rank?.subject === 'id' && me !== undefined && record?.id === me;
}

/** Fields of the form that would lock the user out (blocked, confirmed): hidden on one's own record. */
export function lockOutFields(def: ResourceDef): readonly string[] {
  return Object.keys(def.rank?.lockOut ?? {});
}
