import { is, SQL } from 'drizzle-orm';
import { PgColumn, PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * What a drizzle column is, as plain values: what decides its TypeScript type
 * (SQL type, mode, NOT NULL, default, primary key) and its DDL. The generator
 * of table-shapes.ts writes builders from it; a unit test compares a shape's
 * columns with the derived table's, so the two cannot drift apart.
 */
export function columnShape(value: unknown) {
  if (!is(value, PgColumn)) return { isColumn: false as const, name: '', sqlType: '', notNull: false, primary: false };
  const c = value as PgColumn;
  const fallback = c.default;
  const mode = /^Pg(Timestamp|Date)String$/.test(c.columnType) ? 'string' : /^Pg(Timestamp|Date)$/.test(c.columnType) ? 'date' : undefined;
  return {
    isColumn: true as const,
    name: c.name,
    sqlType: c.getSQLType(),
    /** timestamp/date columns: 'string' or 'date' (what a query answers). */
    mode,
    columnType: c.columnType,
    dataType: c.dataType,
    notNull: c.notNull,
    primary: c.primary,
    /** A database default (its SQL), or a value drizzle inserts. */
    default: fallback === undefined ? undefined : is(fallback, SQL) ? { sql: dialect.sqlToQuery(fallback).sql } : { value: fallback },
  };
}
