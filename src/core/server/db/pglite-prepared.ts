import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { pgliteClientOf, type Db } from './client';
import { pgliteRawRows } from './pglite-raw-rows';
import { rowsOf } from './rows';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN_RE = /^[A-Za-z0-9_/:.*-]+$/;

/** Values that can be written into SQL as a literal without any escaping. */
export const inlinable = (v: string): boolean => UUID_RE.test(v) || PLAIN_RE.test(v);

export type PreparedRun = (args: string[]) => Promise<Record<string, unknown>[]>;

/** PostgreSQL's longest name; PREPARE cuts a longer one. */
const MAX_NAME = 63;

/**
 * `name` as PREPARE stores it, so that a Bind by name (pglite-raw-rows.ts)
 * finds it: unquoted, PREPARE lowercases a name and cuts it at 63
 * characters; a longer one keeps its start and a hash of the whole.
 */
export function statementName(name: string): string {
  const lower = name.toLowerCase();
  if (lower.length <= MAX_NAME) return lower;
  return `${lower.slice(0, MAX_NAME - 17)}_${createHash('sha256').update(lower).digest('hex').slice(0, 16)}`;
}

/**
 * PGlite's client has no named statements: every query is parsed and planned
 * again, which in WASM costs more than running a key lookup (planning also
 * sizes every index file through the emulated file system). A hot query is
 * therefore PREPAREd once per database and run with EXECUTE. EXECUTE takes no
 * bind parameters, so its arguments are written in as literals, and only
 * values that pass `inlinable` are accepted: callers take their ordinary
 * parameterized path for anything else.
 *
 * `query` is a SELECT (its answer is read without PGlite's own handling of
 * notifications, see pglite-raw-rows.ts); it uses `$1`, `$2`... (sql.raw)
 * where the arguments go; `types` are their SQL types. Rows come back keyed
 * by column name, values as the driver gives them. On the server's own
 * PGlite (not in a transaction) the statement is run and read by
 * pgliteRawRows; anything but plain rows (an error) is asked again through
 * EXECUTE, which reports it as usual.
 */
export function pglitePrepared(db: Db, givenName: string, types: string[], query: SQL): PreparedRun {
  const name = statementName(givenName);
  const client = pgliteClientOf(db);
  let prepared: Promise<unknown> | undefined;
  return async (args) => {
    if (!args.every(inlinable)) throw new Error(`pglitePrepared ${name}: argument cannot be inlined`);
    if (!prepared) {
      // A real promise: drizzle's query objects run again on every then().
      const params = types.length ? `(${types.join(', ')})` : '';
      prepared = Promise.resolve(db.execute(sql`PREPARE ${sql.raw(name)}${sql.raw(params)} AS ${query}`));
      prepared.catch(() => (prepared = undefined));
    }
    await prepared;
    const raw = client && (await pgliteRawRows(client, name, args));
    if (raw) return raw;
    // PostgreSQL's grammar takes no empty parentheses, here or in PREPARE.
    const res = await db.execute(sql.raw(`EXECUTE ${name}${args.length ? `(${args.map((a) => `'${a}'`).join(', ')})` : ''}`));
    return rowsOf<Record<string, unknown>>(res);
  };
}

/** A selected column: its name in the table, and how a driver's value becomes the row's. */
interface SelectedColumn {
  name: string;
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * PGlite's raw rows (keyed by column name) as rows keyed like `cols`, each
 * value mapped as drizzle maps its own; `asGiven` adds raw columns as they
 * are (key: its name in the raw row). One loop, no spread: it runs for every
 * row of every page.
 */
export function rowDecoder(
  cols: Record<string, SelectedColumn>,
  asGiven: Record<string, string> = {},
): (raw: Record<string, unknown>) => Record<string, unknown> {
  const decode = Object.entries(cols).map(([key, col]) => ({ key, name: col.name, col }));
  const given = Object.entries(asGiven);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, col } of decode) {
      const value = raw[name];
      row[key] = value === null ? null : col.mapFromDriverValue(value);
    }
    for (const [key, name] of given) row[key] = raw[name];
    return row;
  };
}
