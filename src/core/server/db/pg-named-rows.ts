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

/** What drizzle's database and transaction objects carry but do not type: their session. */
interface DrizzleSession {
  session: unknown;
}

export type NamedRows = (placeholders: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/**
 * A query built by drizzle (`toSQL()`: its text and parameters, placeholders
 * among them) run on node-postgres directly as a named statement, its rows
 * keyed like `cols`, each value mapped by its `mapFromDriverValue` (a table
 * column's own, as drizzle maps it; the caller's for an SQL expression).
 * drizzle's prepared query does the same through tracing, logging and cache
 * layers and a row mapper for every kind of selection: on the hot reads (a
 * record by id, a list's first page) that cost 4-7% of their rate.
 *
 * Null unless `db` runs on node-postgres: a PGlite database or transaction
 * takes its own path.
 */
export function pgNamedRows(
  db: Db,
  name: string,
  query: { sql: string; params: unknown[] },
  cols: Record<string, SelectedColumn>,
): NamedRows | null {
  const { session } = db as unknown as DrizzleSession;
  // drizzle keeps the client private in its type; the session is checked to be node-postgres's first.
  const client = is(session, NodePgSession) ? (session as unknown as { client: NodePgClient }).client : undefined;
  if (!client) return null;
  const keys = Object.keys(cols);
  const maps = keys.map((k) => (v: unknown) => cols[k].mapFromDriverValue(v));
  const text = query.sql;
  return async (placeholders) => {
    const values = fillPlaceholders(query.params, placeholders);
    const res = await client.query<unknown[]>({ name, text, values, rowMode: 'array', types: driverTypes });
    return res.rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]] = raw[i] === null ? null : maps[i](raw[i]);
      return row;
    });
  };
}
