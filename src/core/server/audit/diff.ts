import { REDACTED, type AuditDiff, type DiffEntry } from '../../../features/audit/contract';
import { kindOf } from '../../field-kinds';
import type { ResourceDef } from '../../shared/resource';
import { readableFields, type ApiRecord } from '../crud/representation';

/** Names of values no diff may show, whatever holds them (hashes, tokens, TOTP secrets...). */
const SECRET_NAME = /pass(word)?|hash|token|secret|otp|recovery|api[-_]?key/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** A value with every secret-named key inside it replaced by REDACTED. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretName(k) ? REDACTED : redact(v);
    return out;
  }
  return value;
}

const idOf = (v: unknown): string | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { _id?: unknown })._id === 'string'
    ? (v as { _id: string })._id
    : undefined;

/** Lists of records (ref lists, images) are compared by id. */
const isRecordList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every((x) => idOf(x) !== undefined);

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Comparable form: a ref by its id, anything else as JSON. */
const key = (v: unknown): string => idOf(v) ?? JSON.stringify(v ?? null);

/** One field's change, or undefined when it did not change. */
function fieldChange(before: unknown, after: unknown): DiffEntry | undefined {
  if (isRecordList(before) || isRecordList(after)) {
    const b = Array.isArray(before) ? before : [];
    const a = Array.isArray(after) ? after : [];
    const had = new Set(b.map(key));
    const has = new Set(a.map(key));
    const added = a.filter((x) => !had.has(key(x)));
    const removed = b.filter((x) => !has.has(key(x)));
    if (!added.length && !removed.length) return undefined;
    return {
      ...(added.length ? { added: redact(added) as unknown[] } : {}),
      ...(removed.length ? { removed: redact(removed) as unknown[] } : {}),
    };
  }
  if (key(before) === key(after) || (isEmpty(before) && isEmpty(after))) return undefined;
  return { before: redact(before ?? null), after: redact(after ?? null) };
}

/**
 * The fields a write changed, as the API shows them: a create's values, a
 * delete's last values, an update's before/after. Secrets (a kind marked
 * `secret`, or a secret-looking name) only say that they changed. Fields the
 * server keeps itself (read-only: timestamps) are left out.
 */
export function recordDiff(
  r: ResourceDef,
  before: ApiRecord | undefined,
  after: ApiRecord | undefined,
  body: Record<string, unknown> | undefined,
): AuditDiff {
  const diff: AuditDiff = {};
  const readable = new Set(readableFields(r));
  for (const [f, def] of Object.entries(r.fields)) {
    if (def.readOnly || def.internal) continue;
    const secret = kindOf(def).secret || isSecretName(f);
    if (secret) {
      // Written in this request (a blank one keeps the old value and never reaches here).
      if (body && Object.hasOwn(body, f) && !isEmpty(body[f])) diff[f] = { ...(before ? { before: REDACTED } : {}), after: REDACTED };
      continue;
    }
    if (!readable.has(f)) continue;
    const change = fieldChange(before?.[f], after?.[f]);
    if (change) diff[f] = change;
  }
  return diff;
}
