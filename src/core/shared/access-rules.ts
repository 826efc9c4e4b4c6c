import { kindOf } from '../field-kinds';
import { operationsOf, type FieldDef, type ResourceDef } from './resource';
import { readableFields, writableFields } from './api/crud';
import { FORBIDDEN_KEY_SEGMENTS } from './safe-keys';
import { ruleProblemText, type ProblemValues, type RuleProblemKey } from './access-rule-problems';

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

/**
 * Whether a role may be given rules for `r`: the generic routes apply them,
 * so a resource served only by routes of its own (operations: []) takes
 * none (its route permissions govern it), nor does a projection.
 */
export const takesAccessRules = (r: ResourceDef): boolean => !r.source && operationsOf(r).length > 0;

/** A rule refused: what is wrong and where (`resources.users.where.and[0].age.gt`). */
export interface RuleProblem {
  path: string;
  message: string;
  /** What is wrong, as a key of RULE_PROBLEMS, and the values its text names (for the back office's translation). */
  key: RuleProblemKey;
  values: ProblemValues;
}

class Refusal extends Error {
  constructor(
    readonly path: string,
    readonly key: RuleProblemKey,
    readonly values: ProblemValues = {},
  ) {
    super(ruleProblemText(key, values));
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Own keys, refusing those that reach or rewrite an object's prototype. */
function keysOf(v: Record<string, unknown>, path: string): string[] {
  const keys = Object.keys(v);
  const bad = keys.find((k) => FORBIDDEN_KEY_SEGMENTS.includes(k));
  if (bad !== undefined) throw new Refusal(`${path}.${bad}`, 'forbidden_key', { key: bad });
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
  if (compare === 'number' || compare === 'boolean' || compare === 'date') throw new Refusal(path, `want_${compare}`);
  if (compare === 'id') throw new Refusal(path, 'want_id', { me: ME });
  if (def?.options) throw new Refusal(path, 'want_option', { options: def.options.join(', ') });
  throw new Refusal(path, 'want_text');
}

function checkTest(test: unknown, compare: string, def: FieldDef | undefined, path: string): void {
  if (!isObject(test)) throw new Refusal(path, 'test');
  const ops = keysOf(test, path);
  if (!ops.length) throw new Refusal(path, 'test_empty');
  for (const op of ops) {
    const at = `${path}.${op}`;
    const value = test[op];
    if (!(CONDITION_OPERATORS as readonly string[]).includes(op))
      throw new Refusal(at, 'unknown_operator', { op, operators: CONDITION_OPERATORS.join(', ') });
    if (op === 'null') {
      if (typeof value !== 'boolean') throw new Refusal(at, 'null_value');
    } else if (LISTS.includes(op as ConditionOperator)) {
      if (value === MY_ROLES && compare === 'id') continue;
      if (!Array.isArray(value)) throw new Refusal(at, compare === 'id' ? 'list_or_roles' : 'list', { op, myRoles: MY_ROLES });
      if (value.length > MAX_CONDITION_VALUES) throw new Refusal(at, 'list_max', { op, max: MAX_CONDITION_VALUES });
      value.forEach((v, i) => checkScalar(v, compare, def, `${at}[${i}]`));
    } else {
      if (ORDERED.includes(op as ConditionOperator) && compare !== 'number' && compare !== 'date') throw new Refusal(at, 'ordered', { op });
      checkScalar(value, compare, def, at);
    }
  }
}

function checkCondition(r: ResourceDef, cond: unknown, path: string, depth: number): void {
  if (depth > MAX_CONDITION_DEPTH) throw new Refusal(path, 'depth', { max: MAX_CONDITION_DEPTH });
  if (!isObject(cond)) throw new Refusal(path, 'condition');
  const keys = keysOf(cond, path);
  if (!keys.length) throw new Refusal(path, 'condition_empty');
  for (const key of keys) {
    const at = `${path}.${key}`;
    const value = cond[key];
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value) || !value.length) throw new Refusal(at, 'condition_list', { key });
      value.forEach((c, i) => checkCondition(r, c, `${at}[${i}]`, depth + 1));
      continue;
    }
    const comparison = comparisonOf(r, key);
    if (!comparison) throw new Refusal(at, 'unknown_field', { field: key, resource: r.name });
    checkTest(value, comparison.compare, comparison.def, at);
  }
}

function checkFieldList(value: unknown, allowed: readonly string[], r: ResourceDef, path: string, what: string): void {
  if (!Array.isArray(value)) throw new Refusal(path, 'field_list', { what });
  value.forEach((f, i) => {
    if (typeof f !== 'string' || !allowed.includes(f))
      throw new Refusal(`${path}[${i}]`, what === 'read' ? 'not_readable' : 'not_writable', { field: String(f), resource: r.name });
  });
}

function checkRule(r: ResourceDef, rule: unknown, path: string): void {
  if (!isObject(rule)) throw new Refusal(path, 'rule');
  for (const key of keysOf(rule, path)) {
    const at = `${path}.${key}`;
    if (!(RULE_KEYS as readonly string[]).includes(key)) throw new Refusal(at, 'rule_part', { key, parts: RULE_KEYS.join(', ') });
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
    if (!isObject(body)) throw new Refusal('', 'body');
    for (const key of keysOf(body, '')) if (key !== 'resources') throw new Refusal(key, 'body_key', { key });
    const resources = body.resources;
    if (!isObject(resources)) throw new Refusal('resources', 'resources');
    for (const name of keysOf(resources, 'resources')) {
      const r = find(name);
      if (!r) throw new Refusal(`resources.${name}`, 'no_resource', { name });
      if (ruleResourceOf(r) !== name) throw new Refusal(`resources.${name}`, 'projection', { name, source: ruleResourceOf(r) });
      if (!takesAccessRules(r)) throw new Refusal(`resources.${name}`, 'own_routes', { name });
      checkRule(r, resources[name], `resources.${name}`);
    }
    return null;
  } catch (err) {
    if (err instanceof Refusal) return { path: err.path.replace(/^\./, ''), message: err.message, key: err.key, values: err.values };
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
