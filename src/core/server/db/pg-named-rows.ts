import pg from 'pg';
import { fillPlaceholders, is } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Db } from './client';
import { DRIZZLE_TEXT_TYPES } from './drizzle-text-types';

/** The pool (a database) or the checked-out client (a transaction) a node-postgres session runs on. */
type NodePgClient = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

const AS_TEXT = new Set(DRIZZLE_TEXT_TYPES);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? asText : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown),
};

/** A selected value: how the driver's value becomes the row's. */
interface SelectedColumn {
  mapFromDriverValue(value: unknown): unknown;
}

/** A drizzle query with placeholders, as its builder holds it before it runs. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string | undefined): { execute(placeholders: Record<string, unknown>): Promise<unknown> };
}

export type NamedRows = (placeholders: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/**
 * A drizzle query run as the statement `name` (undefined: unnamed, parsed
 * and planned on every run), its placeholders filled on each run, its rows
 * keyed like `cols`. On node-postgres it runs on the
 * session's pool or client directly (drizzle's `toSQL()` text, placeholders
 * filled by drizzle's `fillPlaceholders`), each value mapped by its
 * `mapFromDriverValue` (a table column's own, as drizzle maps it; the
 * caller's for an SQL expression): drizzle's prepared query does the same
 * through tracing, logging and cache layers and a row mapper for every kind
 * of selection, which on the hot reads (a record by id, a list's first page)
 * cost 4-7% of their rate. Anything else (a PGlite transaction) runs
 * drizzle's own prepared query.
 */
export function pgNamedRows(db: Db, name: string | undefined, query: BuiltQuery, cols: Record<string, SelectedColumn>): NamedRows {
  const { session } = db as unknown as { session: unknown };
  // drizzle keeps the client private in its type; the session is checked to be node-postgres's first.
  const client = is(session, NodePgSession) ? (session as unknown as { client: NodePgClient }).client : undefined;
  if (!client) {
    const prepared = query.prepare(name);
    return async (placeholders) => (await prepared.execute(placeholders)) as Record<string, unknown>[];
  }
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(cols);
  const columns = keys.map((k) => cols[k]);
  return async (placeholders) => {
    const values = fillPlaceholders(params, placeholders);
    const res = await client.query<unknown[]>({ name, text, values, rowMode: 'array', types: driverTypes });
    return res.rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]] = raw[i] === null ? null : columns[i].mapFromDriverValue(raw[i]);
      return row;
    });
  };
}
