import { eq, type SQL } from 'drizzle-orm';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ResourceDef } from '../../../core/shared/resource';
import { bodySchema, type FindResource } from '../../../core/shared/api/crud';
import { kindOf } from '../../../core/field-kinds';
import { serverKindOf } from '../../../core/field-kinds/server';
import { UUID_PATTERN } from '../../../core/field-kinds/kind';
import type { Db } from '../../../core/server/db/client';
import { tableOf } from '../../../core/server/db/resource-tables';
import { inTransaction } from '../../../core/server/db/transaction';
import { getRecord, insertRecords, updateRecords, type WriteContext } from '../../../core/server/crud/repository';
import { HttpError } from '../../../core/server/http/http-error';
import { validationFields, type AjvIssue } from '../../../core/server/plugins/errors';
import { sqlState } from '../../../core/server/db/availability';
import type { ImportAction } from '../contract';
import { ID_COLUMN, type Mapping } from './mapping';
import type { FileRow } from './parse';
import { say } from './problems';
import { productMessage } from './product-messages';
import type { RowError } from './store';

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"); a plain number is none. */
const FORMULA = /^\s*[=+\-@]/;
const NUMBER = /^\s*[-+]?\d+([.,]\d+)?\s*$/;
/** An international phone number (+30 210 000 0000): digits, spaces and brackets start no formula that could do harm. */
const PHONE = /^\s*\+[\d\s()]+$/;
const UUID = new RegExp(UUID_PATTERN);

// Checked as the routes check a body (the server's AJV options), so a row is refused as a request would be.
const ajv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  coerceTypes: 'array',
  useDefaults: true,
  strictNumbers: true,
  strict: false,
});
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new WeakMap<ResourceDef, Map<string, ValidateFunction>>();
function validatorOf(r: ResourceDef, op: 'create' | 'update'): ValidateFunction {
  let byOp = validators.get(r);
  if (!byOp) validators.set(r, (byOp = new Map()));
  let v = byOp.get(op);
  if (!v) byOp.set(op, (v = ajv.compile(bodySchema(r, op))));
  return v;
}

/** What a run needs to import one row, the same for every row. */
export interface RowContext {
  r: ResourceDef;
  find: FindResource;
  lang: string;
  format: string;
  action: ImportAction;
  key: string | null;
  mapping: Mapping;
  /** The writes' context for a create and for an update (the access rules of each permission). */
  createCtx: WriteContext;
  updateCtx: WriteContext;
  /** Refs found by label during this run: `{target}\0{label}` → id. */
  refs: Map<string, string>;
}

export type RowOutcome = 'created' | 'updated' | 'unchanged' | RowError[];

/** A row's problem at a column (a secret's value is never repeated). */
function problem(ctx: RowContext, row: FileRow, column: string | null, message: string): RowError {
  return problemAbout(ctx, row, column, message);
}

/** A problem the write path found (its English message, in the owner's language), about `field` when it names one. */
function productProblem(ctx: RowContext, row: FileRow, field: string | null, message: string): RowError {
  const column = field && Object.hasOwn(ctx.r.fields, field) ? columnOf(ctx, field) : null;
  return problemAbout(ctx, row, column, productMessage(ctx.lang, ctx.r, message, field));
}

/** The error at `column`: the cell's value as it was, unless the column is a secret's. */
function problemAbout(ctx: RowContext, row: FileRow, column: string | null, message: string): RowError {
  const field = column === null ? null : ctx.mapping[column];
  const def = field && Object.hasOwn(ctx.r.fields, field) ? ctx.r.fields[field] : undefined;
  const raw = column === null ? undefined : row.values[column];
  const value =
    raw === undefined || raw === null || (def && kindOf(def).secret) ? null : typeof raw === 'string' ? raw : JSON.stringify(raw);
  return { line: row.line, column, value, message, raw: row.raw };
}

/** The column mapped to `field`. */
const columnOf = (ctx: RowContext, field: string): string | null => Object.entries(ctx.mapping).find(([, f]) => f === field)?.[0] ?? null;

/** A JSON value as a body value: a populated ref (`{_id, name}`) is its id. */
function unpopulated(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unpopulated);
  if (v && typeof v === 'object' && Object.hasOwn(v, '_id')) return (v as { _id: unknown })._id;
  return v;
}

/** The row's cells as a request body: each mapped column to its field, as its kind reads a CSV cell. */
function bodyOf(ctx: RowContext, row: FileRow, errors: RowError[]): { body: Record<string, unknown>; id: string | null } {
  const body: Record<string, unknown> = {};
  let id: string | null = null;
  for (const [column, field] of Object.entries(ctx.mapping)) {
    if (!field || !Object.hasOwn(row.values, column)) continue;
    const value = row.values[column];
    if (typeof value === 'string' && FORMULA.test(value) && !NUMBER.test(value) && !PHONE.test(value)) {
      errors.push(problem(ctx, row, column, say(ctx.lang, 'formula')));
      continue;
    }
    if (field === ID_COLUMN) {
      id = value === null || value === undefined ? null : String(value).trim() || null;
      continue;
    }
    const def = ctx.r.fields[field];
    const kind = kindOf(def);
    const blank = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    // A blank cell leaves the field as it is (a create gets its default); a secret left blank stays as it is.
    if (blank && (ctx.action === 'create' || kind.blankKeepsValue)) continue;
    if (blank) body[field] = kind.emptyValue();
    else if (typeof value === 'string' && ctx.format === 'csv') body[field] = kind.fromCsv ? kind.fromCsv(value) : value;
    else body[field] = unpopulated(value);
  }
  return { body, id };
}

/** The id of the record of `target` whose unique field (or label) is `label`. */
async function refByLabel(tx: Db, ctx: RowContext, targetName: string, label: string): Promise<string | 'none' | 'many'> {
  const cached = ctx.refs.get(`${targetName}\0${label}`);
  if (cached) return cached;
  const target = ctx.find(targetName);
  if (!target) return 'none';
  const t = tableOf(target);
  const candidates = Object.entries(target.fields)
    .filter(([f, d]) => (d.unique || f === target.recordLabel) && serverKindOf(d).column && !d.writeOnly)
    .sort(([, a], [, b]) => Number(Boolean(b.unique)) - Number(Boolean(a.unique)));
  for (const [f, d] of candidates) {
    const norm = serverKindOf(d).normalize;
    const v = norm ? norm(label) : label.trim();
    const found = await tx
      .select({ id: t.id })
      .from(t)
      .where(eq(t[f], v) as SQL)
      .limit(2);
    if (found.length > 1) return 'many';
    if (found.length === 1) {
      ctx.refs.set(`${targetName}\0${label}`, String(found[0].id));
      return String(found[0].id);
    }
  }
  return 'none';
}

/** Refs given by a unique value (a role by its name) become ids; a value that names nothing is the row's error. */
async function resolveRefs(tx: Db, ctx: RowContext, row: FileRow, body: Record<string, unknown>, errors: RowError[]): Promise<void> {
  for (const [field, value] of Object.entries(body)) {
    const target = ctx.r.fields[field].ref;
    if (!target || value === null) continue;
    const one = async (v: unknown): Promise<unknown> => {
      if (typeof v !== 'string' || UUID.test(v) || v.trim() === '') return v;
      const id = await refByLabel(tx, ctx, target, v);
      if (id === 'none' || id === 'many') {
        const key = id === 'none' ? 'not_found_ref' : 'ambiguous_ref';
        errors.push(problem(ctx, row, columnOf(ctx, field), say(ctx.lang, key, { target, value: v })));
        return v;
      }
      return id;
    };
    if (Array.isArray(value)) {
      const ids: unknown[] = [];
      for (const v of value) ids.push(await one(v));
      body[field] = ids;
    } else body[field] = await one(value);
  }
}

/** The row's problems as the API says them: a field's message at its column, or the whole row's. */
function fromHttp(ctx: RowContext, row: FileRow, err: HttpError): RowError[] {
  const fields = err.fields && Object.keys(err.fields).length ? err.fields : null;
  if (!fields) return [productProblem(ctx, row, null, err.message)];
  return Object.entries(fields).map(([f, message]) => productProblem(ctx, row, f, message));
}

/** The id of the record the row's key names, or null when there is none. */
async function existingId(tx: Db, ctx: RowContext, body: Record<string, unknown>, id: string | null): Promise<string | null> {
  const t = tableOf(ctx.r);
  if (ctx.key === ID_COLUMN || !ctx.key) {
    if (!id || !UUID.test(id)) return null;
    const [found] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id));
    return found ? String(found.id) : null;
  }
  const def = ctx.r.fields[ctx.key];
  const norm = serverKindOf(def).normalize;
  const raw = body[ctx.key];
  const v = norm ? norm(raw) : typeof raw === 'string' ? raw.trim() : raw;
  // No key value: no record to find (an upsert creates, an update says so).
  if (v === undefined || v === null || v === '' || typeof v === 'object') return null;
  const [found] = await tx
    .select({ id: t.id })
    .from(t)
    .where(eq(t[ctx.key], v) as SQL)
    .limit(1);
  return found ? String(found.id) : null;
}

/** Two values alike as a record carries them: a populated ref is its id, a blank is nothing, numbers and text of them alike. */
function same(a: unknown, b: unknown): boolean {
  const plain = (v: unknown): unknown => {
    if (v === '' || v === undefined) return null;
    if (Array.isArray(v)) return v.map(plain);
    if (v && typeof v === 'object' && Object.hasOwn(v, '_id')) return String((v as { _id: unknown })._id);
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return v;
  };
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
}

/** Whether the body would change nothing of the record (a secret given always does). */
async function changesNothing(tx: Db, ctx: RowContext, id: string, body: Record<string, unknown>): Promise<boolean> {
  // As the importer may read it: a record their rules hide is not theirs to call unchanged (the update says 404).
  const before = await getRecord(tx, ctx.r, id, ctx.updateCtx.storage, ctx.updateCtx.access);
  return Object.entries(body).every(([f, v]) => {
    const def = ctx.r.fields[f];
    if (kindOf(def).secret) return false;
    const norm = serverKindOf(def).normalize;
    return same(norm ? norm(v) : typeof v === 'string' ? v.trim() : v, before[f]);
  });
}

/** The body checked by the body schema of the write (types coerced, defaults filled as a request's). */
function checked(ctx: RowContext, row: FileRow, body: Record<string, unknown>, op: 'create' | 'update', errors: RowError[]) {
  // The body is the row's own, made for this check (bodyOf): the schema may change it (coerce, fill defaults).
  const validate = validatorOf(ctx.r, op);
  if (validate(body)) return body;
  const fields = validationFields((validate.errors ?? []) as AjvIssue[]);
  for (const [f, message] of Object.entries(fields)) errors.push(productProblem(ctx, row, f, message));
  return null;
}

/**
 * Imports one row inside `tx` (in a savepoint of its own: a refused row
 * leaves nothing): the row's body goes through the same create or update
 * the API's routes use, with its guard, rules, version, audit entry and
 * webhook event. Returns what it did, or the row's problems.
 */
export async function importRow(tx: Db, ctx: RowContext, row: FileRow): Promise<RowOutcome> {
  const errors: RowError[] = [];
  const { body, id } = bodyOf(ctx, row, errors);
  if (errors.length) return errors;
  try {
    return await inTransaction(tx, async (sp) => {
      await resolveRefs(sp, ctx, row, body, errors);
      if (errors.length) return errors;
      const existing = ctx.action === 'create' ? null : await existingId(sp, ctx, body, id);
      if (!existing && ctx.action === 'update') {
        const keyColumn = columnOf(ctx, ctx.key ?? ID_COLUMN);
        const value = ctx.key && ctx.key !== ID_COLUMN ? body[ctx.key] : id;
        const message = value
          ? say(ctx.lang, 'no_record', { key: ctx.key ?? ID_COLUMN, value: String(value) })
          : say(ctx.lang, 'no_key', { key: keyColumn ?? '' });
        return [problem(ctx, row, keyColumn, message)];
      }
      if (!existing) {
        const valid = checked(ctx, row, body, 'create', errors);
        if (!valid) return errors;
        // Only the id: the record is not read back for an answer no one reads.
        await insertRecords(sp, ctx.r, [valid], ctx.createCtx);
        return 'created';
      }
      const valid = checked(ctx, row, body, 'update', errors);
      if (!valid) return errors;
      if (await changesNothing(sp, ctx, existing, valid)) return 'unchanged';
      await updateRecords(sp, ctx.r, [existing], valid, ctx.updateCtx);
      return 'updated';
    });
  } catch (err) {
    if (err instanceof HttpError) return fromHttp(ctx, row, err);
    // A value the database refuses (class 22: out of range, bad text; 23: a constraint) is the row's.
    const state = sqlState(err);
    if (state?.startsWith('22') || state?.startsWith('23')) return [productProblem(ctx, row, null, 'A value in the row is not valid.')];
    throw err;
  }
}

/**
 * Whether a mapped field refers to the table imported into (the resource, or another declared over its table): a
 * row's ref may name a record an earlier row creates.
 */
export const refersToItself = (ctx: RowContext) =>
  Object.values(ctx.mapping).some((f) => {
    const ref = f && Object.hasOwn(ctx.r.fields, f) ? ctx.r.fields[f].ref : undefined;
    return ref !== undefined && (ref === ctx.r.name || ctx.find(ref)?.table === ctx.r.table);
  });

/** Each row imported alone, in turn. */
async function oneByOne(tx: Db, ctx: RowContext, rows: readonly FileRow[]): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (const row of rows) outcomes.push(await importRow(tx, ctx, row));
  return outcomes;
}

/**
 * Imports rows inside `tx`, each as importRow imports it. A batch of creates
 * goes through the repository's insertRecords together, in one savepoint
 * (the same checks, rules, versions, audit entries and events, in a few
 * round trips instead of a few per row), unless a row's ref may name a record
 * of this file. When any of their writes fails (a value used twice, a rule
 * refusing one), everything the batch wrote rolls back and its halves go in
 * turn, the same way, down to rows alone, so every row's outcome and errors
 * are its own (and a few bad rows cost a few retries, not a batch row by
 * row); rows with problems found before any write (their cells, refs, the
 * body schema) have them as importRow would find them.
 */
export async function importRows(tx: Db, ctx: RowContext, rows: readonly FileRow[]): Promise<RowOutcome[]> {
  if (ctx.action !== 'create' || rows.length < 2 || refersToItself(ctx)) return oneByOne(tx, ctx, rows);
  const outcomes: RowOutcome[] = [];
  const bodies: Record<string, unknown>[] = [];
  try {
    await inTransaction(tx, async (sp) => {
      for (const row of rows) {
        const errors: RowError[] = [];
        const { body } = bodyOf(ctx, row, errors);
        if (!errors.length) await resolveRefs(sp, ctx, row, body, errors);
        const valid = errors.length ? null : checked(ctx, row, body, 'create', errors);
        outcomes.push(valid ? 'created' : errors);
        if (valid) bodies.push(valid);
      }
      if (bodies.length) await insertRecords(sp, ctx.r, bodies, ctx.createCtx);
    });
  } catch {
    // Rolled back to before the batch: each half in turn (the second sees what the first wrote), down to rows alone,
    // which say which failed and why (or throw what no row explains).
    const half = Math.ceil(rows.length / 2);
    return [...(await importRows(tx, ctx, rows.slice(0, half))), ...(await importRows(tx, ctx, rows.slice(half)))];
  }
  return outcomes;
}
