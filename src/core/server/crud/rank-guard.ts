import type { ResourceDef } from '../../shared/resource';
import {
  assertHoldsMenuEntries,
  assertHoldsPermissions,
  assertMayActOn,
  assertMayGrantRole,
  assertMayWriteRole,
  guardRanks,
  type Actor,
  type UserAction,
} from '../security/rank';
import type { WriteGuard } from './repository';

/** The id in a ref value: an id, or a populated `{_id, ...}`. */
function idOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && Object.hasOwn(v, '_id')) return String((v as { _id: unknown })._id);
  return null;
}

const given = (body: Record<string, unknown> | undefined, field: string): unknown =>
  body && Object.hasOwn(body, field) ? body[field] : undefined;

/** Ids a write links in a refList field that the record did not have. */
function addedIds(field: string, before: Record<string, unknown> | undefined, body: Record<string, unknown> | undefined): string[] {
  if (!body || !Object.hasOwn(body, field)) return [];
  const had = new Set((Array.isArray(before?.[field]) ? (before[field] as unknown[]) : []).map(idOf));
  const wanted = Array.isArray(body[field]) ? (body[field] as unknown[]) : [];
  return wanted.map(idOf).filter((id): id is string => id !== null && !had.has(id));
}

/**
 * The guard of a resource's writes from its declared rank rule (ResourceDef
 * `rank`), or none when it declares none. Generic: it knows fields by what
 * the declaration says they mean, never by resource name.
 */
export function rankGuard(r: ResourceDef, actor: Actor): WriteGuard | undefined {
  const rule = r.rank;
  if (!rule) return undefined;
  const guard: WriteGuard = async (tx, { op, before, body }) => {
    const verify = await guardRanks(tx);

    if (rule.subject) {
      const subjects = new Set<string>();
      const was = before && (rule.subject === 'id' ? before._id : idOf(before[rule.subject]));
      if (was) subjects.add(was);
      const becomes = rule.subject === 'id' ? null : idOf(given(body, rule.subject));
      if (becomes) subjects.add(becomes);
      const locksOut = Object.entries(rule.lockOut ?? {}).some(([f, v]) => given(body, f) === v);
      const action: UserAction = op === 'delete' && rule.subject === 'id' ? 'delete' : locksOut ? 'block' : 'change';
      for (const userId of subjects) await assertMayActOn(tx, actor, userId, action);
    }

    if (rule.grantsRole && op !== 'delete') {
      const role = idOf(given(body, rule.grantsRole)) ?? (before ? idOf(before[rule.grantsRole]) : null);
      if (role) await assertMayGrantRole(tx, actor, role);
    }

    if (rule.roleType) {
      if (before) await assertMayWriteRole(tx, actor, before[rule.roleType]);
      if (op === 'create') await assertMayWriteRole(tx, actor, given(body, rule.roleType) ?? r.fields[rule.roleType]?.default);
      else if (body && Object.hasOwn(body, rule.roleType)) await assertMayWriteRole(tx, actor, body[rule.roleType]);
    }

    // Only what a write adds must be held: a role may keep links its editor lacks.
    if (rule.grantsPermissions) await assertHoldsPermissions(tx, actor, addedIds(rule.grantsPermissions, before, body));
    if (rule.grantsMenuEntries) await assertHoldsMenuEntries(tx, actor, addedIds(rule.grantsMenuEntries, before, body));

    return verify;
  };
  // Creates of the subject itself (a new user) act on no one and grant nothing: each checks only the ranks as they
  // are, which creating a record with no roles cannot lower; so one check before and one after cover them all.
  const independent = rule.subject === 'id' && !rule.grantsRole && !rule.roleType && !rule.grantsPermissions && !rule.grantsMenuEntries;
  guard.together = async (tx, changes) => (independent && changes.every((c) => c.op === 'create') ? guardRanks(tx) : undefined);
  return guard;
}
