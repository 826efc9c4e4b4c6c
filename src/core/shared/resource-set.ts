import { fieldKinds, kindOf } from '../field-kinds';
import type { ResourceDef } from './resource';
import { routeCollisions } from './route-names';

/** The declared resources an app runs with, looked up by name. */
export interface ResourceSet {
  readonly list: readonly ResourceDef[];
  /** The resource called `name`, or undefined. */
  find(name: string): ResourceDef | undefined;
  /** The resource called `name`; throws when there is none. */
  byName(name: string): ResourceDef;
}

export class ResourceDeclarationError extends Error {
  override name = 'ResourceDeclarationError';
}

/** What a declared field may be called. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function fieldProblems(all: readonly ResourceDef[], r: ResourceDef): string[] {
  const problems: string[] = [];
  const names = new Set(all.map((x) => x.name));
  const at = (what: string) => `Resource "${r.name}": ${what}`;
  for (const [field, def] of Object.entries(r.fields)) {
    // Keys outside this pattern are the server's own beside a record's fields (a list's `$tableEstimate`).
    if (!FIELD_NAME.test(field)) problems.push(at(`field "${field}" must be a letter followed by letters, digits or _.`));
    if (!Object.hasOwn(fieldKinds, def.type)) problems.push(at(`field "${field}" has the unknown type "${def.type}".`));
    if (def.ref !== undefined && !names.has(def.ref)) problems.push(at(`field "${field}" points at the unknown resource "${def.ref}".`));
    if (def.setBy && (def.ref !== 'users' || !def.readOnly))
      problems.push(at(`field "${field}" has setBy, which only a read-only field pointing at users may have.`));
  }
  /** A field of `r`, or `ref.field` of the resource a ref points at. */
  const resolve = (path: string) => {
    const [field, sub] = path.split('.');
    const def = Object.hasOwn(r.fields, field) ? r.fields[field] : undefined;
    if (!def || sub === undefined) return def;
    const target = all.find((x) => x.name === def.ref);
    return target && Object.hasOwn(target.fields, sub) ? target.fields[sub] : undefined;
  };
  for (const f of r.search) {
    const def = resolve(f);
    if (!def) problems.push(at(`search names the unknown field "${f}".`));
    else if (Object.hasOwn(fieldKinds, def.type) && !kindOf(def).search)
      problems.push(at(`"${f}" is a ${def.type} field, which \`q\` cannot search.`));
  }
  for (const f of [...r.sortable, r.defaultSort.field]) if (!resolve(f)) problems.push(at(`sorting names the unknown field "${f}".`));
  for (const f of r.form?.fields ?? []) if (!resolve(f)) problems.push(at(`the form names the unknown field "${f}".`));
  for (const c of r.list.columns) if (!resolve(c.source)) problems.push(at(`a list column names the unknown field "${c.source}".`));
  return problems;
}

/** Everything wrong with a set of declarations, as sentences (empty when none). */
export function resourceProblems(all: readonly ResourceDef[]): string[] {
  const problems: string[] = [];
  const unique = (what: string, key: (r: ResourceDef) => string | undefined) => {
    const seen = new Set<string>();
    for (const r of all) {
      const k = key(r);
      if (k === undefined) continue;
      if (seen.has(k)) problems.push(`Two resources have the ${what} "${k}".`);
      seen.add(k);
    }
  };
  unique('name', (r) => r.name);
  unique('API base', (r) => r.api);
  unique('table', (r) => (r.source ? undefined : r.table));
  for (const r of all) {
    // react-admin opens a resource's screens at /{name}; the menu entry carries `path`.
    if (r.path !== `/${r.name}`) problems.push(`Resource "${r.name}": path must be /${r.name}, not ${r.path}.`);
    if (r.editPath !== undefined && !(r.editPath.startsWith(`${r.path}/`) && r.editPath.includes(':id')))
      problems.push(`Resource "${r.name}": editPath must start with ${r.path}/ and hold :id, not ${r.editPath}.`);
    if (r.createPath !== undefined && !r.createPath.startsWith(`${r.path}/`))
      problems.push(`Resource "${r.name}": createPath must start with ${r.path}/, not ${r.createPath}.`);
    if (r.source && !all.some((x) => x.name === r.source)) problems.push(`Resource "${r.name}": source "${r.source}" is not declared.`);
    problems.push(...fieldProblems(all, r));
  }
  problems.push(...routeCollisions(all));
  return problems;
}

/** Checks the declarations (throws ResourceDeclarationError listing every problem) and indexes them. */
export function createResourceSet(list: readonly ResourceDef[]): ResourceSet {
  const problems = resourceProblems(list);
  if (problems.length) throw new ResourceDeclarationError(`Resource declarations:\n- ${problems.join('\n- ')}`);
  const byNameMap = new Map(list.map((r) => [r.name, r]));
  return {
    list,
    find: (name) => byNameMap.get(name),
    byName: (name) => {
      const r = byNameMap.get(name);
      if (!r) throw new Error(`Unknown resource ${name}`);
      return r;
    },
  };
}
