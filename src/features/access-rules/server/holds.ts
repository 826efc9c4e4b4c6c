import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../../core/server/db/client';
import { HttpError } from '../../../core/server/http/http-error';
import type { Actor } from '../../../core/server/security/rank';
import { combineRules, type Access } from '../../../core/server/access/access';
import type { AccessRule, Condition, RoleAccess } from '../../../core/shared/access-rules';
import { rulesOfUser } from './store';

export const GRANT_REFUSAL = 'You cannot grant access you do not hold.';

/**
 * Whether `narrow` allows no record that `wide` refuses, as far as can be
 * told from their shape: it is `wide` itself, holds every test of `wide`
 * (tests at one level all hold), or is an `and` one of whose parts does.
 */
export function isWithin(narrow: Condition, wide: Condition): boolean {
  if (isDeepStrictEqual(narrow, wide)) return true;
  const tests = Object.entries(wide);
  if (tests.length && tests.every(([k, v]) => Object.hasOwn(narrow, k) && isDeepStrictEqual(narrow[k], v))) return true;
  return Array.isArray(narrow.and) && narrow.and.some((part) => isWithin(part, wide));
}

/** Problems of a rule the actor, with `held`, could not grant: the parts that allow more, by name. */
function widerParts(rule: AccessRule | undefined, held: Access): string[] {
  const parts: string[] = [];
  const read = rule?.read;
  if (held.read && (!read || read.some((f) => !held.read?.has(f)))) parts.push('read');
  const write = rule?.write;
  if (held.write && (!write || write.some((f) => !held.write?.has(f)))) parts.push('write');
  const within = (c: Condition | undefined, mine: readonly Condition[] | null) =>
    !mine || (c !== undefined && mine.some((m) => isWithin(c, m)));
  if (!within(rule?.where, held.where)) parts.push('where');
  if (!within(rule?.writeWhere ?? rule?.where, held.writeWhere)) parts.push('writeWhere');
  return parts;
}

/**
 * The rank rule for access rules: nobody gives a role a field, a write or a
 * wider condition they do not hold themself (superadmins hold everything).
 * Only what changes is checked: a role may keep rules wider than its editor's.
 * A resource whose rule goes away counts too: the role then reads and writes
 * all of it.
 */
export async function assertHoldsAccess(db: Db, actor: Actor, before: RoleAccess, after: RoleAccess): Promise<void> {
  if (actor.superadmin) return;
  const names = new Set([...Object.keys(before.resources), ...Object.keys(after.resources)]);
  const fields: Record<string, string> = Object.create(null);
  for (const name of names) {
    const was = Object.hasOwn(before.resources, name) ? before.resources[name] : undefined;
    const becomes = Object.hasOwn(after.resources, name) ? after.resources[name] : undefined;
    if (isDeepStrictEqual(was, becomes)) continue;
    const rules = actor.userId ? await rulesOfUser(db, actor.userId, name) : [];
    // No role at all holds nothing; a role without a rule holds everything.
    const held = rules.length ? combineRules(rules, actor.userId ?? '', []) : NOTHING;
    if (!held) continue;
    for (const part of widerParts(becomes, held)) fields[`resources.${name}${becomes ? `.${part}` : ''}`] = GRANT_REFUSAL;
  }
  if (Object.keys(fields).length) throw new HttpError(403, GRANT_REFUSAL, fields);
}

const NOTHING: Access = { read: new Set(), write: new Set(), where: [], writeWhere: [], me: '', myRoles: [] };
