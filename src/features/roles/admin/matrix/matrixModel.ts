/** What the permission matrix draws and changes; pure, so it is tested without a browser. */

export interface MatrixRole {
  _id: string;
  name: string;
  type: string;
  permission: { _id: string }[];
  clientPermission: { _id: string }[];
}

export interface MatrixRow {
  _id: string;
  /** What the row says: "GET /api/auth/users" or a menu entry's name. */
  label: string;
  /** A smaller second line: a permission's description or an entry's path. */
  detail: string;
}

export interface MatrixGroup {
  key: string;
  rows: MatrixRow[];
}

/** Role id -> ids of the rows it holds. */
export type Grants = Readonly<Record<string, ReadonlySet<string>>>;

/** Which resource an API route belongs to: its first segment after /api/auth/ (or /api/). */
export function resourceOfRoute(route: string): string {
  const rest = route.replace(/^\/api\/(auth\/)?/, '');
  return rest.split('/')[0] || rest;
}

/** Rows grouped by a key, groups and rows in a stable, readable order. */
export function groupRows<T>(items: readonly T[], keyOf: (t: T) => string, rowOf: (t: T) => MatrixRow): MatrixGroup[] {
  const groups = new Map<string, MatrixRow[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key) ?? [];
    list.push(rowOf(item));
    groups.set(key, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => ({ key, rows: rows.sort((a, b) => a.label.localeCompare(b.label)) }));
}

export function grantsOf(roles: readonly MatrixRole[], field: 'permission' | 'clientPermission'): Grants {
  return Object.fromEntries(roles.map((r) => [r._id, new Set(r[field].map((p) => p._id))]));
}

/** Sets (on) or clears (off) `ids` for one role. */
export function setMany(grants: Grants, roleId: string, ids: readonly string[], on: boolean): Grants {
  const next = new Set(grants[roleId] ?? []);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return { ...grants, [roleId]: next };
}

export type Coverage = 'all' | 'some' | 'none';

/** How many of `ids` a role holds: drives a checkbox that is checked, indeterminate or empty. */
export function coverage(grants: Grants, roleId: string, ids: readonly string[]): Coverage {
  const held = grants[roleId];
  const n = ids.filter((id) => held?.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

/** Gives role `to` exactly what role `from` holds. */
export function copyRole(grants: Grants, from: string, to: string): Grants {
  return { ...grants, [to]: new Set(grants[from] ?? []) };
}

const sameSet = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) =>
  (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((x) => b?.has(x));

/** Roles whose grants differ from what was loaded: what Save sends. */
export function changedRoles(saved: Grants, draft: Grants): string[] {
  return Object.keys(draft).filter((id) => !sameSet(saved[id], draft[id]));
}
