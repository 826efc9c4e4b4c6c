import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';

/** PostgreSQL's text of a timestamptz when the session's time zone is UTC (its default, and PGlite's). */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * ISO strings in the API, whatever the driver hands back. PostgreSQL's own
 * UTC text is rewritten without parsing a Date (five times faster, and every
 * row of a list has dates), with milliseconds cut as Date cuts them.
 */
export function isoDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const pg = typeof v === 'string' ? PG_UTC.exec(v) : null;
  if (pg) return `${pg[1]}T${pg[2]}.${(pg[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const date: ServerFieldKind = {
  // `createdAt` is stamped by the database when the row is made.
  column: ({ field, name }) =>
    field === 'createdAt'
      ? [field, timestamp(name, { withTimezone: true, mode: 'string' }).notNull().defaultNow()]
      : [field, timestamp(name, { withTimezone: true, mode: 'string' })],
  toApi: isoDate,
  // Whole UTC days, both ends included: `_lte` 2026-01-31 keeps the whole of the 31st.
  filterWhere: (column, value, suffix) =>
    suffix === '_gte'
      ? sql`${column} >= (${String(value)}::date)::timestamp AT TIME ZONE 'UTC'`
      : sql`${column} < (${String(value)}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
};
