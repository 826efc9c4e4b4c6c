import type { ResourceDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { serverKindOf } from '../../field-kinds/server';
import { isSecretName } from '../audit/diff';
import { readableFields, type ApiRecord } from '../crud/representation';
import { FORBIDDEN_KEY_SEGMENTS } from '../../shared/safe-keys';

/** A record as one of its versions holds it: field name -> stored value (no `_id`, no secrets). */
export type VersionState = Record<string, unknown>;

/** Derived once per declaration (every write asks). */
const versioned = new WeakMap<ResourceDef, readonly string[]>();

/** Fields a version keeps: what the API shows, never a secret (a secret kind or a secret-looking name). */
export function versionedFields(r: ResourceDef): readonly string[] {
  let fields = versioned.get(r);
  if (!fields) versioned.set(r, (fields = readableFields(r).filter((f) => !kindOf(r.fields[f]).secret && !isSecretName(f))));
  return fields;
}

/** A record as the API shows it -> what a version stores (a ref's id, an image list's keys). */
export function stateOf(r: ResourceDef, record: ApiRecord): VersionState {
  const state: VersionState = {};
  for (const f of versionedFields(r)) {
    const toStored = serverKindOf(r.fields[f]).versionValue;
    const v = record[f] ?? null;
    state[f] = toStored ? toStored(v) : v;
  }
  return state;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose stored value differs between two states (a field one of them lacks counts when the other has a value). */
export function changedFields(before: VersionState, after: VersionState): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((f) => !same(Object.hasOwn(before, f) ? before[f] : null, Object.hasOwn(after, f) ? after[f] : null));
}

/** Whether a stored key may become a property name (stored data is read back as written, yet never trusted). */
export const safeKey = (f: string) => !FORBIDDEN_KEY_SEGMENTS.includes(f);

/** Only the named fields of a state. */
export function pick(state: VersionState, fields: Iterable<string>): VersionState {
  const out: VersionState = {};
  for (const f of fields) if (safeKey(f) && Object.hasOwn(state, f)) out[f] = state[f];
  return out;
}

/** Storage keys of the files a state shows, by the kinds of the fields it holds. */
export function filesOf(r: ResourceDef, state: VersionState): string[] {
  const keys: string[] = [];
  for (const [f, v] of Object.entries(state)) {
    const def = Object.hasOwn(r.fields, f) ? r.fields[f] : undefined;
    const files = def ? serverKindOf(def).versionFiles : undefined;
    if (files) keys.push(...files(v));
  }
  return keys;
}
