import { eq } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { hashKey, joinTableOf, tableOf } from '../db/resource-tables';
import { badRequest, notFound } from '../http/http-error';
import { humanize } from '../http/labels';
import { hashPassword } from '../security/passwords';
import { countRows } from './count';
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
  for (const f of readableFields(r)) if (r.fields[f].type !== 'refList') cols[f] = t[f];
  return cols as Record<string, typeof t.id>;
}

export async function listRecords(db: Db, r: ResourceDef, p: ListParams): Promise<ListResult> {
  const t = tableOf(r);
  const limit = Math.min(p.limit, MAX_ROWS);
  const where = listWhere(db, r, p);
  const [rows, total] = await Promise.all([
    db
      .select(selection(r))
      .from(t)
      .where(where)
      .orderBy(...listOrder(r, p))
      .limit(limit)
      .offset((p.page - 1) * limit),
    countRows(db, t, where, r.table),
  ]);
  const data = rows.map((row) => toApi(r, row as Row));
  await populate(db, r, data);
  return { data, total: total.total, totalExact: total.exact, page: p.page, pages: Math.max(1, Math.ceil(total.total / limit)) };
}

export async function getRecord(db: Db, r: ResourceDef, id: string): Promise<ApiRecord> {
  if (!uuidRe.test(id)) throw notFound();
  const t = tableOf(r);
  const [row] = await db.select(selection(r)).from(t).where(eq(t.id, id));
  if (!row) throw notFound();
  const rec = toApi(r, row as Row);
  await populate(db, r, [rec]);
  return rec;
}

/** Request body -> column values (trimmed, e-mails canonical, passwords hashed). */
async function toRow(r: ResourceDef, body: Record<string, unknown>): Promise<{ row: Row; lists: Record<string, string[]> }> {
  const row: Row = {};
  const lists: Record<string, string[]> = {};
  const fields: Record<string, string> = {};
  for (const [f, def] of writableFields(r)) {
    if (!(f in body)) continue;
    let v = body[f];
    if (typeof v === 'string' && def.type !== 'password') v = v.trim();
    if (def.type === 'email' && typeof v === 'string') v = v.toLowerCase();
    if (def.required && (v === '' || v === null)) fields[f] = `${humanize(f)} is required`;
    if (def.type === 'refList') lists[f] = [...new Set(v as string[])];
    else if (def.type === 'password') {
      if (typeof v === 'string' && v !== '') row[hashKey(f)] = await hashPassword(v);
    } else if (def.type === 'tags') row[f] = (v as string[]).map((s) => s.trim()).filter(Boolean);
    else row[f] = v === '' && def.type !== 'string' && def.type !== 'text' ? null : v;
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  return { row, lists };
}

async function writeLists(db: Db, r: ResourceDef, id: string, lists: Record<string, string[]>, replace: boolean) {
  for (const [field, ids] of Object.entries(lists)) {
    const join = joinTableOf(r, field);
    if (replace) await db.delete(join).where(eq(join.ownerId, id));
    if (ids.length) await db.insert(join).values(ids.map((targetId) => ({ ownerId: id, targetId })));
  }
}

export async function createRecord(db: Db, r: ResourceDef, body: Record<string, unknown>): Promise<ApiRecord> {
  const { row, lists } = await toRow(r, body);
  const t = tableOf(r);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx.insert(t).values(row).returning({ id: t.id });
      await writeLists(tx as unknown as Db, r, String(created.id), lists, false);
      return String(created.id);
    });
    return await getRecord(db, r, id);
  } catch (err) {
    throw translateDbError(r, err);
  }
}

/** Updates a record; returns it with the values it had before (for session rules). */
export async function updateRecord(
  db: Db,
  r: ResourceDef,
  id: string,
  body: Record<string, unknown>,
): Promise<{ record: ApiRecord; before: ApiRecord }> {
  const before = await getRecord(db, r, id);
  const { row, lists } = await toRow(r, body);
  const t = tableOf(r);
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(row).length) await tx.update(t).set(row).where(eq(t.id, id));
      await writeLists(tx as unknown as Db, r, id, lists, true);
    });
  } catch (err) {
    throw translateDbError(r, err);
  }
  return { record: await getRecord(db, r, id), before };
}

export async function deleteRecord(db: Db, r: ResourceDef, id: string): Promise<ApiRecord> {
  const before = await getRecord(db, r, id);
  const t = tableOf(r);
  await db.delete(t).where(eq(t.id, id));
  return before;
}

