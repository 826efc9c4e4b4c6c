import { eq, sql } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import { isPglite, type Db } from '../db/client';
import { pglitePrepared } from '../db/pglite-prepared';
import { hashKey, joinTableOf, tableOf } from '../db/resource-tables';
import { badRequest, notFound } from '../http/http-error';
import { humanize } from '../http/labels';
import { hashPassword } from '../security/passwords';
import { countRows, type Total } from './count';
import { applyImagePlan, planImages, type ImageEntry, type ImagePlan } from './images-field';
import { sanitizeRichText } from './rich-text';
import { slugify, uniqueSlug } from './slug';
import { removeStoredImages, type StoredImage } from '../uploads/content-images';
import { translateDbError } from './db-errors';
import { populate } from './populate';
import { listOrder, listWhere, type ListParams } from './query';
import { readableFields, toApi, type ApiRecord, type Row } from './representation';
import { UUID_PATTERN, writableFields } from './schemas';

/** Rows one list request returns at most, whatever `limit` asks (DESIGN 4). */
export const MAX_ROWS = 10000;

const uuidRe = new RegExp(UUID_PATTERN);

export interface ListResult {
  data: ApiRecord[];
  total: number;
  totalExact: boolean;
  page: number;
  pages: number;
}

function selection(r: ResourceDef) {
  const t = tableOf(r);
  const cols: Record<string, unknown> = { id: t.id };
  for (const f of readableFields(r)) if (r.fields[f].type !== 'refList' && r.fields[f].type !== 'images') cols[f] = t[f];
  return cols as Record<string, typeof t.id>;
}

export async function listRecords(db: Db, r: ResourceDef, p: ListParams): Promise<ListResult> {
  const t = tableOf(r);
  const limit = Math.min(p.limit, MAX_ROWS);
  const where = listWhere(db, r, p);
  const offset = (p.page - 1) * limit;
  const rows = await db
    .select(selection(r))
    .from(t)
    .where(where)
    .orderBy(...listOrder(r, p))
    .limit(limit)
    .offset(offset);
  // A short page that is not empty is the last one: the total is known
  // without asking the database again (a rare term's whole answer).
  const total: Total =
    rows.length < limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, exact: true }
      : await countRows(db, t, where, r.table);
  const data = rows.map((row) => toApi(r, row as Row));
  await populate(db, r, data);
  return { data, total: total.total, totalExact: total.exact, page: p.page, pages: Math.max(1, Math.ceil(total.total / limit)) };
}

/**
 * Get-by-id is the most frequent query, so it is built once per resource and
 * prepared: on PostgreSQL a named statement each pooled connection parses
 * once; on PGlite a PREPAREd statement (see pglitePrepared).
 */
type ById = (id: string) => Promise<Row | undefined>;
const byIdQueries = new WeakMap<Db, Map<ResourceDef, ById>>();

function prepareById(db: Db, r: ResourceDef): ById {
  const t = tableOf(r);
  // Per resource, not per table: a projection (user-profiles) shares its table.
  const name = `get_${r.name.replace(/\W/g, '_')}_by_id`;
  const cols = selection(r);
  if (isPglite(db)) {
    const run = pglitePrepared(
      db,
      name,
      ['uuid'],
      db
        .select(cols)
        .from(t)
        .where(eq(t.id, sql.raw('$1')))
        .getSQL(),
    );
    // Raw rows are keyed by column name; map them as drizzle maps its own.
    const decode = Object.entries(cols).map(([key, col]) => [key, col.name, (v: unknown) => col.mapFromDriverValue(v)] as const);
    return async (id) => {
      const [raw] = await run([id]);
      if (!raw) return undefined;
      return Object.fromEntries(decode.map(([key, name, map]) => [key, raw[name] === null ? null : map(raw[name])]));
    };
  }
  const q = db
    .select(cols)
    .from(t)
    .where(eq(t.id, sql.placeholder('id')))
    .prepare(name);
  return async (id) => (await q.execute({ id }))[0] as Row | undefined;
}

export async function getRecord(db: Db, r: ResourceDef, id: string): Promise<ApiRecord> {
  if (!uuidRe.test(id)) throw notFound();
  let perDb = byIdQueries.get(db);
  if (!perDb) byIdQueries.set(db, (perDb = new Map()));
  let byId = perDb.get(r);
  if (!byId) perDb.set(r, (byId = prepareById(db, r)));
  const row = await byId(id);
  if (!row) throw notFound();
  const rec = toApi(r, row as Row);
  await populate(db, r, [rec]);
  return rec;
}

/** Request body -> column values (trimmed, e-mails canonical, passwords hashed). */
interface WriteParts {
  row: Row;
  lists: Record<string, string[]>;
  images: Record<string, ImageEntry[]>;
}

async function toRow(r: ResourceDef, body: Record<string, unknown>): Promise<WriteParts> {
  const row: Row = {};
  const lists: Record<string, string[]> = {};
  const images: Record<string, ImageEntry[]> = {};
  const fields: Record<string, string> = {};
  for (const [f, def] of writableFields(r)) {
    if (!Object.hasOwn(body, f)) continue;
    let v = body[f];
    if (typeof v === 'string' && def.type !== 'password') v = v.trim();
    if (def.type === 'email' && typeof v === 'string') v = v.toLowerCase();
    if (def.required && (v === '' || v === null)) fields[f] = `${humanize(f)} is required`;
    if (def.type === 'refList') lists[f] = [...new Set(v as string[])];
    else if (def.type === 'images') images[f] = (v as ImageEntry[] | null) ?? [];
    else if (def.type === 'richtext') row[f] = typeof v === 'string' ? sanitizeRichText(v) : null;
    else if (def.type === 'password') {
      if (typeof v === 'string' && v !== '') row[hashKey(f)] = await hashPassword(v);
    } else if (def.type === 'tags') row[f] = (v as string[]).map((s) => s.trim()).filter(Boolean);
    else row[f] = v === '' && def.type !== 'string' && def.type !== 'text' ? null : v;
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  return { row, lists, images };
}

async function writeLists(db: Db, r: ResourceDef, id: string, lists: Record<string, string[]>, replace: boolean) {
  for (const [field, ids] of Object.entries(lists)) {
    const join = joinTableOf(r, field);
    if (replace) await db.delete(join).where(eq(join.ownerId, id));
    if (ids.length) await db.insert(join).values(ids.map((targetId) => ({ ownerId: id, targetId })));
  }
}

/** A write as its guard sees it, inside the write's transaction. */
export interface WriteChange {
  op: 'create' | 'update' | 'delete';
  /** The record before an update or delete. */
  before?: ApiRecord;
  /** The request body of a create or update. */
  body?: Record<string, unknown>;
}

/**
 * Checks a write inside its transaction, before it: throws to refuse (nothing
 * is written); returns the check to run after the write, in the same
 * transaction, which throws to roll it back.
 */
export type WriteGuard = (tx: Db, change: WriteChange) => Promise<(tx: Db) => Promise<void>>;

export interface WriteContext {
  /** Root folder of uploaded files (images fields). */
  uploadsDir: string;
  guard?: WriteGuard;
}

/** Fills slugs: an empty one is made from its source field, a given one is normalised. */
async function fillSlugs(db: Db, r: ResourceDef, row: Row, body: Record<string, unknown>, before?: ApiRecord): Promise<void> {
  for (const [f, def] of Object.entries(r.fields)) {
    if (!def.slugFrom) continue;
    const given = typeof row[f] === 'string' ? (row[f] as string) : '';
    if (given) row[f] = slugify(given);
    else if (!before || Object.hasOwn(body, f)) {
      const source = String(row[def.slugFrom] ?? before?.[def.slugFrom] ?? '');
      row[f] = await uniqueSlug(db, tableOf(r), f, source, before?._id);
    }
  }
}

async function planAll(db: Db, r: ResourceDef, images: Record<string, ImageEntry[]>, ownerId: string | null, ctx: WriteContext) {
  const plans: ImagePlan[] = [];
  try {
    for (const [field, entries] of Object.entries(images))
      plans.push(await planImages(db, r, field, r.fields[field], entries, ownerId, ctx.uploadsDir));
  } catch (err) {
    await removeStoredImages(
      ctx.uploadsDir,
      plans.flatMap((p) => p.written),
    );
    throw err;
  }
  return plans;
}

/**
 * Runs a record's writes in one transaction. New image files are removed
 * when it fails; files of replaced or removed images once it commits.
 */
async function writeTransaction(
  db: Db,
  r: ResourceDef,
  plans: ImagePlan[],
  ctx: WriteContext,
  change: WriteChange,
  work: (tx: Db) => Promise<string>,
): Promise<string> {
  let obsolete: StoredImage[] = [];
  let id: string;
  try {
    id = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const verify = await ctx.guard?.(tx, change);
      const ownerId = await work(tx);
      for (const plan of plans) obsolete = obsolete.concat(await applyImagePlan(tx, r, plan, ownerId));
      await verify?.(tx);
      return ownerId;
    });
  } catch (err) {
    await removeStoredImages(
      ctx.uploadsDir,
      plans.flatMap((p) => p.written),
    );
    throw translateDbError(r, err);
  }
  await removeStoredImages(ctx.uploadsDir, obsolete);
  return id;
}

export async function createRecord(db: Db, r: ResourceDef, body: Record<string, unknown>, ctx: WriteContext): Promise<ApiRecord> {
  const { row, lists, images } = await toRow(r, body);
  await fillSlugs(db, r, row, body);
  const t = tableOf(r);
  const plans = await planAll(db, r, images, null, ctx);
  const id = await writeTransaction(db, r, plans, ctx, { op: 'create', body }, async (tx) => {
    const [created] = await tx.insert(t).values(row).returning({ id: t.id });
    await writeLists(tx, r, String(created.id), lists, false);
    return String(created.id);
  });
  return getRecord(db, r, id);
}

/** Updates a record; returns it with the values it had before (for session rules). */
export async function updateRecord(
  db: Db,
  r: ResourceDef,
  id: string,
  body: Record<string, unknown>,
  ctx: WriteContext,
): Promise<{ record: ApiRecord; before: ApiRecord }> {
  const before = await getRecord(db, r, id);
  const { row, lists, images } = await toRow(r, body);
  await fillSlugs(db, r, row, body, before);
  const t = tableOf(r);
  const plans = await planAll(db, r, images, id, ctx);
  await writeTransaction(db, r, plans, ctx, { op: 'update', before, body }, async (tx) => {
    if (Object.keys(row).length) await tx.update(t).set(row).where(eq(t.id, id));
    await writeLists(tx, r, id, lists, true);
    return id;
  });
  return { record: await getRecord(db, r, id), before };
}

export async function deleteRecord(db: Db, r: ResourceDef, id: string, ctx: WriteContext): Promise<ApiRecord> {
  const before = await getRecord(db, r, id);
  const t = tableOf(r);
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const verify = await ctx.guard?.(tx, { op: 'delete', before });
      await tx.delete(t).where(eq(t.id, id));
      await verify?.(tx);
    });
  } catch (err) {
    throw translateDbError(r, err);
  }
  // The image rows went with the record (cascade); their files go now.
  for (const [f, def] of Object.entries(r.fields)) {
    if (def.type === 'images') await removeStoredImages(ctx.uploadsDir, (before[f] as StoredImage[]) ?? []);
  }
  return before;
}
