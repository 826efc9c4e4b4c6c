import type { AccessRule, Condition } from '../../shared/access-rules';

/**
 * What one request may do with one resource beyond its route permission,
 * from the rules of the caller's roles that hold that permission. `null`
 * parts allow everything; a request without restrictions has no Access at
 * all (superadmins, and roles without rules for the resource).
 */
export interface Access {
  /** Fields it reads. */
  read: ReadonlySet<string> | null;
  /** Fields it writes. */
  write: ReadonlySet<string> | null;
  /** Records it reads: any of these conditions holds. */
  where: readonly Condition[] | null;
  /** Records it updates or deletes: any of these conditions holds. */
  writeWhere: readonly Condition[] | null;
  /** `$me`. */
  me: string;
  /** `$myRoles`. */
  myRoles: readonly string[];
}

/** A union of field lists; null (every field) as soon as one rule names none. */
function unionOf(lists: readonly (readonly string[] | undefined)[]): Set<string> | null {
  if (lists.some((l) => l === undefined)) return null;
  return new Set(lists.flatMap((l) => l ?? []));
}

/** Any of the conditions; null (every record) as soon as one rule has none. */
function anyOf(conditions: readonly (Condition | undefined)[]): Condition[] | null {
  if (conditions.some((c) => c === undefined)) return null;
  return conditions.filter((c): c is Condition => c !== undefined);
}

/**
 * The access of a caller whose applying roles have these rules (one entry per
 * role; null for a role without a rule for the resource, which allows
 * everything). A field or record is allowed when any role allows it.
 */
export function combineRules(rules: readonly (AccessRule | null)[], me: string, myRoles: readonly string[]): Access | null {
  if (!rules.length || rules.some((r) => r === null)) return null;
  const all = rules as AccessRule[];
  const access: Access = {
    read: unionOf(all.map((r) => r.read)),
    write: unionOf(all.map((r) => r.write)),
    where: anyOf(all.map((r) => r.where)),
    writeWhere: anyOf(all.map((r) => r.writeWhere ?? r.where)),
    me,
    myRoles,
  };
  return access.read || access.write || access.where || access.writeWhere ? access : null;
}

export const mayRead = (access: Access | null | undefined, field: string) => !access?.read || access.read.has(field);
export const mayWrite = (access: Access | null | undefined, field: string) => !access?.write || access.write.has(field);
