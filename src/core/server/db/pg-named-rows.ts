import pg from 'pg';
import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from './client';
import { DRIZZLE_TEXT_TYPES } from './drizzle-text-types';

const AS_TEXT = new Set(DRIZZLE_TEXT_TYPES);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? asText : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown),
};

/** A selected table column: how a driver's value becomes the row's. */
interface SelectedColumn {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's database and transaction objects carry but do not type: the pool or client they run on. */
interface DrizzleSession {
  session: { client: Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'> };
}

export type NamedRows = (placeholders: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/**
 * A query built by drizzle (`toSQL()`: its text and parameters, placeholders
 * among them) run on node-postgres directly as a named statement, its rows
 * keyed like `cols` and mapped as drizzle maps them.
 * drizzle's prepared query does the same through its tracing, logging and
 * cache layers and a row mapper that handles every kind of selection: on the
 * most frequent read (a record by id) that was a tenth of the request's
 * JavaScript. Only for selections of plain table columns.
 */
export function pgNamedRows(
  db: Db,
  name: string,
  query: { sql: string; params: unknown[] },
  cols: Record<string, SelectedColumn>,
): NamedRows {
  const { client } = (db as unknown as DrizzleSession).session;
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
