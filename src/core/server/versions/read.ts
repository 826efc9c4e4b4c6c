import { and, desc, eq, lte, max, min, sql } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { VersionComparison, VersionDetail, VersionEntry } from '../../shared/api/versions';
import type { Db } from '../db/client';
import { isWhole, recordVersions, versionsOf } from '../db/system-tables';
import { users } from '../db/schema-users';
import { pageOffset } from '../../shared/api/paging';
import { notFound } from '../http/http-error';
import { changedFields, pick, versionedFields, type VersionState } from './state';
import { stateAt } from './store';
import type { FileUrls } from '../../field-kinds/server/kind';

/** What one caller may see of a record's versions: the fields they read. */
export interface VersionReader {
  db: Db;
  r: ResourceDef;
  id: string;
  /** Fields the caller reads (their access rules); versions show no other. */
  readable: readonly string[];
  files: FileUrls;
}

/** The fields a version shows this reader: stored, and readable by them. */
const shownFields = (v: VersionReader) => {
  const readable = new Set(v.readable);
  return versionedFields(v.r).filter((f) => readable.has(f));
};

const meta = {
  version: recordVersions.version,
  at: recordVersions.at,
  op: recordVersions.op,
  actorId: recordVersions.actorId,
  actorName: users.name,
};

type MetaRow = { version: number; at: string; op: string; actorId: string | null; actorName: string | null };

const asMeta = (row: MetaRow) => ({
  version: row.version,
  at: new Date(row.at).toISOString(),
  op: row.op as VersionEntry['op'],
  actorId: row.actorId,
  actorName: row.actorName,
});

/**
 * A page of a record's versions, newest first. Versions are numbered without
 * gaps (retention only cuts the oldest), so the total and each page follow
 * from the newest and oldest numbers: two index lookups and one range.
 */
export async function listVersions(v: VersionReader, page: number, limit: number): Promise<{ data: VersionEntry[]; total: number }> {
  const [span] = await v.db
    .select({ top: max(recordVersions.version), bottom: min(recordVersions.version) })
    .from(recordVersions)
    .where(versionsOf(v.r.name, v.id));
  if (span?.top == null || span.bottom == null) return { data: [], total: 0 };
  const top = Number(span.top);
  const total = top - Number(span.bottom) + 1;
  const rows = await v.db
    .select({
      ...meta,
      fields: sql<
        string[]
      >`CASE WHEN ${isWhole} THEN ${recordVersions.fields} ELSE ARRAY(SELECT jsonb_object_keys(${recordVersions.data})) END`,
    })
    .from(recordVersions)
    .leftJoin(users, eq(users.id, recordVersions.actorId))
    .where(and(versionsOf(v.r.name, v.id), lte(recordVersions.version, top - pageOffset(page, limit))))
    .orderBy(desc(recordVersions.version))
    .limit(limit);
  const shown = new Set(shownFields(v));
  return { data: rows.map((row) => ({ ...asMeta(row), fields: (row.fields ?? []).filter((f) => shown.has(f)) })), total };
}

/** Version `n` (404 when the record has no such version), with only the fields the reader may see. */
async function shownState(v: VersionReader, n: number): Promise<VersionState> {
  const state = await stateAt(v.db, v.r, v.id, n);
  if (!state) throw notFound('This record has no such version.');
  return pick(state, shownFields(v));
}

export async function versionDetail(v: VersionReader, n: number): Promise<VersionDetail> {
  const record = await shownState(v, n);
  const [row] = await v.db
    .select(meta)
    .from(recordVersions)
    .leftJoin(users, eq(users.id, recordVersions.actorId))
    .where(and(versionsOf(v.r.name, v.id), eq(recordVersions.version, n)));
  return { ...asMeta(row as MetaRow), record: { _id: v.id, ...record }, filesUrl: v.files.urlPrefix };
}

/** The fields (those the reader sees) whose values differ between two versions, in declaration order. */
export async function compareVersions(v: VersionReader, from: number, to: number): Promise<VersionComparison> {
  const [a, b] = [await shownState(v, from), await shownState(v, to)];
  const changes = changedFields(a, b).map((field) => ({ field, from: a[field] ?? null, to: b[field] ?? null }));
  return { from, to, changes, filesUrl: v.files.urlPrefix };
}
