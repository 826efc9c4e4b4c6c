import { kindOf } from '../field-kinds';
import type { FieldDef, ResourceDef } from './resource';
import { readableFields, writableFields } from './api/crud';
import { FORBIDDEN_KEY_SEGMENTS } from './safe-keys';

/**
 * Access by field and by record: what one role may do with one resource
 * beyond "may call this route". Left out, a part allows everything:
 * `read`/`write` every field, `where` every record, `writeWhere` what
 * `where` allows. Where several roles of a user apply, a field or record is
 * allowed when any of them allows it.
 */
export interface AccessRule {
  /** Fields the role reads (get, list, export, history...). */
  read?: string[];
  /** Fields the role writes. */
  write?: string[];
  /** The records the role reads. */
  where?: Condition;
  /** The records the role updates or deletes (default: `where`). */
  writeWhere?: Condition;
}

/** A role's rules, by resource name; a resource left out keeps the role's plain access. */
export interface RoleAccess {
  resources: Record<string, AccessRule>;
}

/**
 * A filter over a resource's fields: each key a field and its tests (all
 * must hold), or `and` / `or` over nested conditions. Tests compare with a
 * value of the field's kind, or `$me` (the caller's id) / `$myRoles` (the
 * caller's role ids).
 */
export interface Condition {
  and?: Condition[];
  or?: Condition[];
  [field: string]: FieldTest | Condition[] | undefined;
}
export type FieldTest = Partial<Record<ConditionOperator, unknown>>;

export const CONDITION_OPERATORS = ['eq', 'ne', 'in', 'nin', 'null', 'gt', 'gte', 'lt', 'lte'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
const ORDERED: readonly ConditionOperator[] = ['gt', 'gte', 'lt', 'lte'];
const LISTS: readonly ConditionOperator[] = ['in', 'nin'];

/** The caller's own id. */
export const ME = '$me';
/** The ids of the caller's roles (a list: `in` / `nin`). */
export const MY_ROLES = '$myRoles';
/** The record's own id, for conditions such as "my own user record". */
export const ID_FIELD = '_id';

/** Nested `and` / `or` at most this deep. */
export const MAX_CONDITION_DEPTH = 8;
/** Values one `in` / `nin` lists at most. */
export const MAX_CONDITION_VALUES = 1000;

const RULE_KEYS = ['read', 'write', 'where', 'writeWhere'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The resource whose rules govern `r`: a projection (`source`) shows its
 * source's records, so its source's rules apply to it, and it has none of
 * its own.
 */
export const ruleResourceOf = (r: ResourceDef): string => r.source ?? r.name;

/** A rule refused: what is wrong and where (`resources.users.where.and[0].age.gt`). */
export interface RuleProblem {
  path: string;
  message: string;
}

class Refusal extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Own keys, refusing those that reach or rewrite an object's prototype. */
function keysOf(v: Record<string, unknown>, path: string): string[] {
  const keys = Object.keys(v);
  const bad = keys.find((k) => FORBIDDEN_KEY_SEGMENTS.includes(k));
  if (bad !== undefined) throw new Refusal(`${path}.${bad}`, `"${bad}" is not allowed as a key.`);
  return keys;
}

/** How a field compares in a condition; `_id` is the record's own id. */
function comparisonOf(r: ResourceDef, field: string): { compare: string; def?: FieldDef } | null {
  if (field === ID_FIELD) return { compare: 'id' };
  const def = Object.hasOwn(r.fields, field) ? r.fields[field] : undefined;
  if (!def || def.writeOnly || def.internal) return null;
  const compare = kindOf(def).compare;
  return compare ? { compare, def } : null;
}

function checkScalar(value: unknown, compare: string, def: FieldDef | undefined, path: string): void {
  const ok =
    compare === 'number'
      ? typeof value === 'number' && Number.isFinite(value)
      : compare === 'boolean'
        ? typeof value === 'boolean'
        : compare === 'date'
          ? typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
          : compare === 'id'
            ? typeof value === 'string' && (value === ME || UUID.test(value))
            : typeof value === 'string' && (!def?.options || def.options.includes(value));
  if (ok) return;
  const want: Record<string, string> = {
    number: 'a number',
    boolean: 'true or false',
    date: 'a date (YYYY-MM-DD or an ISO timestamp)',
    id: `a record id or "${ME}"`,
    text: def?.options ? `one of ${def.options.join(', ')}` : 'a text',
  };
  throw new Refusal(path, `The value must be ${want[compare] ?? 'a text'}.`);
}

function checkTest(test: unknown, compare: string, def: FieldDef | undefined, path: string): void {
  if (!isObject(test)) throw new Refusal(path, 'A field test is an object of operators, such as {"eq": true}.');
  const ops = keysOf(test, path);
  if (!ops.length) throw new Refusal(path, 'A field test names at least one operator.');
  for (const op of ops) {
    const at = `${path}.${op}`;
    const value = test[op];
    if (!(CONDITION_OPERATORS as readonly string[]).includes(op))
      throw new Refusal(at, `Unknown operator "${op}"; use one of ${CONDITION_OPERATORS.join(', ')}.`);
    if (op === 'null') {
      if (typeof value !== 'boolean') throw new Refusal(at, '"null" takes true (no value) or false (any value).');
    } else if (LISTS.includes(op as ConditionOperator)) {
      if (value === MY_ROLES && compare === 'id') continue;
      if (!Array.isArray(value)) throw new Refusal(at, `"${op}" takes a list of values${compare === 'id' ? ` or "${MY_ROLES}"` : ''}.`);
      if (value.length > MAX_CONDITION_VALUES) throw new Refusal(at, `"${op}" lists at most ${MAX_CONDITION_VALUES} values.`);
      value.forEach((v, i) => checkScalar(v, compare, def, `${at}[${i}]`));
    } else {
      if (ORDERED.includes(op as ConditionOperator) && compare !== 'number' && compare !== 'date')
        throw new Refusal(at, `"${op}" compares numbers and dates only.`);
      checkScalar(value, compare, def, at);
    }
  }
}

function checkCondition(r: ResourceDef, cond: unknown, path: string, depth: number): void {
  if (depth > MAX_CONDITION_DEPTH) throw new Refusal(path, `Conditions nest at most ${MAX_CONDITION_DEPTH} deep.`);
  if (!isObject(cond)) throw new Refusal(path, 'A condition is an object of fields (and "and" / "or" lists).');
  const keys = keysOf(cond, path);
  if (!keys.length) throw new Refusal(path, 'A condition names at least one field, "and" or "or".');
  for (const key of keys) {
    const at = `${path}.${key}`;
    const value = cond[key];
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value) || !value.length) throw new Refusal(at, `"${key}" takes a non-empty list of conditions.`);
      value.forEach((c, i) => checkCondition(r, c, `${at}[${i}]`, depth + 1));
      continue;
    }
    const comparison = comparisonOf(r, key);
    if (!comparison) throw new Refusal(at, `"${key}" is not a field of ${r.name} that conditions can test.`);
    checkTest(value, comparison.compare, comparison.def, at);
  }
}

function checkFieldList(value: unknown, allowed: readonly string[], r: ResourceDef, path: string, what: string): void {
  if (!Array.isArray(value)) throw new Refusal(path, `"${what}" is a list of field names.`);
  value.forEach((f, i) => {
    if (typeof f !== 'string' || !allowed.includes(f))
      throw new Refusal(`${path}[${i}]`, `"${String(f)}" is not a field of ${r.name} one can ${what}.`);
  });
}

function checkRule(r: ResourceDef, rule: unknown, path: string): void {
  if (!isObject(rule)) throw new Refusal(path, 'A rule is an object with "read", "write", "where" and "writeWhere", each optional.');
  for (const key of keysOf(rule, path)) {
    const at = `${path}.${key}`;
    if (!(RULE_KEYS as readonly string[]).includes(key)) throw new Refusal(at, `Unknown part "${key}"; use ${RULE_KEYS.join(', ')}.`);
    if (key === 'read') checkFieldList(rule[key], readableFields(r), r, at, 'read');
    else if (key === 'write')
      checkFieldList(
        rule[key],
        writableFields(r).map(([f]) => f),
        r,
        at,
        'write',
      );
    else checkCondition(r, rule[key], at, 1);
  }
}

/** What is wrong with a role's rules (the first problem found), or null when they are sound. */
export function problemOf(body: unknown, find: (name: string) => ResourceDef | undefined): RuleProblem | null {
  try {
    if (!isObject(body)) throw new Refusal('', 'The body is {"resources": {...}}.');
    for (const key of keysOf(body, ''))
      if (key !== 'resources') throw new Refusal(key, `Unknown key "${key}"; the body is {"resources": {...}}.`);
    const resources = body.resources;
    if (!isObject(resources)) throw new Refusal('resources', '"resources" is an object of rules by resource name.');
    for (const name of keysOf(resources, 'resources')) {
      const r = find(name);
      if (!r) throw new Refusal(`resources.${name}`, `There is no resource named "${name}".`);
      if (ruleResourceOf(r) !== name)
        throw new Refusal(
          `resources.${name}`,
          `"${name}" shows records of "${ruleResourceOf(r)}", whose rules apply to it: set them there.`,
        );
      checkRule(r, resources[name], `resources.${name}`);
    }
    return null;
  } catch (err) {
    if (err instanceof Refusal) return { path: err.path.replace(/^\./, ''), message: err.message };
    throw err;
  }
}

/**
 * A condition's verdict on one record in the browser: true, false, or
 * undefined when it cannot be told there (a `$myRoles` test, a field the
 * record does not carry). Tests compare as the server's SQL does: a record
 * without a value passes only `null: true`, `ne` and `nin`.
 */
export type Verdict = boolean | undefined;

/** A record's value of a field: a populated ref (`{_id, ...}`) as its id, `_id` as the record's own id. */
function recordValue(record: Readonly<Record<string, unknown>>, field: string): { known: boolean; value?: unknown } {
  const own = field === ID_FIELD ? (record._id ?? record.id) : record[field];
  if (own === undefined && !(field in record)) return { known: false };
  if (isObject(own) && '_id' in own) return { known: true, value: own._id };
  return { known: true, value: own ?? null };
}

/** Numbers as numbers, dates (ISO text) as instants, anything else as it is. */
const comparable = (v: unknown): unknown => (typeof v === 'string' && ISO_DATE.test(v) && !UUID.test(v) ? Date.parse(v) : v);

function testHolds(op: string, value: unknown, test: unknown): boolean {
  const v = comparable(value);
  const t = comparable(test);
  const list = Array.isArray(test) ? test.map(comparable) : [];
  if (op === 'null') return test ? value === null : value !== null;
  if (op === 'ne') return value === null || v !== t;
  if (op === 'nin') return value === null || !list.includes(v);
  if (value === null) return false;
  if (op === 'eq') return v === t;
  if (op === 'in') return list.includes(v);
  if (typeof v !== typeof t || (typeof v !== 'number' && typeof v !== 'string')) return false;
  const [a, b] = [v as number | string, t as number | string];
  return op === 'gt' ? a > b : op === 'gte' ? a >= b : op === 'lt' ? a < b : op === 'lte' ? a <= b : false;
}

/** Several verdicts under `and` (all) or `or` (any), undefined wherever the unknown ones could decide. */
function combine(verdicts: Verdict[], all: boolean): Verdict {
  if (verdicts.includes(!all)) return !all;
  return verdicts.includes(undefined) ? undefined : all;
}

function fieldVerdict(record: Readonly<Record<string, unknown>>, field: string, test: FieldTest, me: string | undefined): Verdict {
  const { known, value } = recordValue(record, field);
  return combine(
    Object.entries(test).map(([op, raw]) => {
      if (raw === MY_ROLES || (raw === ME && me === undefined) || !known) return undefined;
      return testHolds(op, value, raw === ME ? me : raw);
    }),
    true,
  );
}

/** Whether `record` meets `cond`, `$me` being the signed-in user's id. */
export function conditionVerdict(cond: Condition, record: Readonly<Record<string, unknown>>, me: string | undefined): Verdict {
  return combine(
    Object.entries(cond).map(([key, value]): Verdict => {
      if (key === 'and' || key === 'or')
        return combine(
          (Array.isArray(value) ? value : []).map((c) => conditionVerdict(c as Condition, record, me)),
          key === 'and',
        );
      return isObject(value) ? fieldVerdict(record, key, value, me) : false;
    }),
    true,
  );
}

/**
 * Whether any of `conditions` (null: no limit) may allow `record`: an
 * undefined verdict counts as allowed and the server decides.
 */
export function mayBeAllowed(
  conditions: readonly Condition[] | null | undefined,
  record: Readonly<Record<string, unknown>>,
  me: string | undefined,
): boolean {
  if (!conditions) return true;
  return conditions.some((c) => conditionVerdict(c, record, me) !== false);
}
