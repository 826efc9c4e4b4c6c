import { getTableColumns, is, sql, SQL, type Column } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { AnyTable } from './any-table';
import { rowsOf } from './rows';

type Row = Record<string, unknown>;

/** Not a cell jsonb can carry as the column's text: the rows go through drizzle's VALUES builder. */
const UNFIT = Symbol('unfit');

/** A cell as jsonb carries it: json columns their value, the others their driver value (text, a number, a boolean). */
function cellOf(col: Column, value: unknown): unknown {
  if (value === null) return null;
  if (is(value, SQL)) return UNFIT;
  const type = col.getSQLType();
  if (type === 'json' || type === 'jsonb') return value;
  const driver = col.mapToDriverValue(value);
  if (driver === null || typeof driver === 'string' || typeof driver === 'boolean') return driver;
  // NaN and the infinities as the text the column's input reads (JSON would carry them as null).
  if (typeof driver === 'number') return Number.isFinite(driver) ? driver : String(driver);
  if (typeof driver === 'bigint') return String(driver);
  return UNFIT;
}

/** A returned row as drizzle's RETURNING maps it: each key of `returning` its column's value, read as the column reads. */
function mapped(raw: Row, returning: Record<string, Column>): Row {
  const out: Row = {};
  for (const [key, col] of Object.entries(returning)) {
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out;
}

/**
 * The statements that insert `rows` into `into` (a table shaped as `t`; `t`
 * itself by default), without RETURNING: one per shape of row (the columns
 * with a default a row gives; one for an import's rows), `INSERT ... SELECT
 * ... FROM jsonb_populate_recordset(NULL::t, $1)`, the rows one jsonb
 * parameter. A column a row leaves out takes the column's default, as
 * drizzle's `default` keyword gives it (NULL for a column the schema gives
 * none, which the database's must match: tested). Null when the rows need
 * drizzle's builder: a column with a default made in JavaScript, an SQL
 * value, a binary cell.
 */
export function insertStatements(t: AnyTable, rows: readonly Row[], into: SQL | AnyTable = t): SQL[] | null {
  // Generated columns take no value (drizzle's `shouldDisableInsert`, which its types keep internal).
  const columns = Object.entries(getTableColumns(t) as Record<string, Column>).filter(
    ([, c]) => c.generated === undefined || c.generated.type === 'byDefault',
  );
  if (columns.some(([, c]) => c.defaultFn !== undefined || c.onUpdateFn !== undefined)) return null;
  // Rows by the defaulted columns they give (a column without a default that a row leaves out is NULL, as its
  // DEFAULT would be: jsonb_populate_recordset reads a missing key so), each with its cells keyed by column name.
  const shapes = new Map<string, { defaulted: string[]; cells: Row[] }>();
  const plain = new Set<string>();
  for (const row of rows) {
    const defaulted: string[] = [];
    const cells: Row = {};
    for (const [key, col] of columns) {
      const value = row[key];
      if (value === undefined) continue;
      const cell = cellOf(col, value);
      if (cell === UNFIT) return null;
      if (col.hasDefault) defaulted.push(col.name);
      else plain.add(col.name);
      cells[col.name] = cell;
    }
    const shape = defaulted.join(',');
    const group = shapes.get(shape);
    if (group) group.cells.push(cells);
    else shapes.set(shape, { defaulted, cells: [cells] });
  }
  return [...shapes.values()].map(({ defaulted, cells }) => {
    const given = new Set([...plain, ...defaulted]);
    const names = columns.flatMap(([, c]) => (given.has(c.name) ? [c.name] : []));
    const list = columnList(names);
    return names.length
      ? sql`INSERT INTO ${into} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${t}, ${JSON.stringify(cells)}::jsonb)`
      : // Rows giving no column: every column its default, one row each.
        sql`INSERT INTO ${into} SELECT FROM generate_series(1, ${cells.length})`;
  });
}

/**
 * Inserts `rows` into `t` and returns them as `returning` selects, as
 * `db.insert(t).values(rows).returning(returning)` does, through
 * insertStatements (or drizzle's builder, for rows those cannot carry).
 * Why: drizzle builds an object for every cell, which cost an import of
 * users 46 µs a row, more than the database's own work for it. The order
 * of the returned rows is not the given one.
 */
export async function insertRows(db: Db, t: AnyTable, rows: readonly Row[], returning: Record<string, Column>): Promise<Row[]> {
  const statements = insertStatements(t, rows);
  if (!statements)
    return db
      .insert(t)
      .values(rows)
      .returning(returning as Record<string, PgColumn>) as unknown as Promise<Row[]>;
  const back = columnList([...new Set(Object.values(returning).map((c) => c.name))]);
  const out: Row[] = [];
  for (const statement of statements)
    for (const raw of rowsOf<Row>(await db.execute(sql`${statement} RETURNING ${back}`))) out.push(mapped(raw, returning));
  return out;
}

/** Column names as a comma-separated list of quoted identifiers. */
const columnList = (names: readonly string[]): SQL =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
