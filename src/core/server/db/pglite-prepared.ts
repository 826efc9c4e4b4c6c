import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN_RE = /^[A-Za-z0-9_/:.*-]+$/;

/** Values that can be written into SQL as a literal without any escaping. */
export const inlinable = (v: string): boolean => UUID_RE.test(v) || PLAIN_RE.test(v);

export type PreparedRun = (args: string[]) => Promise<Record<string, unknown>[]>;

/**
 * PGlite's client has no named statements: every query is parsed and planned
 * again, which in WASM costs more than running a key lookup (planning also
 * sizes every index file through the emulated file system). A hot query is
 * therefore PREPAREd once per database and run with EXECUTE. EXECUTE takes no
 * bind parameters, so its arguments are written in as literals, and only
 * values that pass `inlinable` are accepted: callers take their ordinary
 * parameterized path for anything else.
 *
 * `query` uses `$1`, `$2`... (sql.raw) where the arguments go; `types` are
 * their SQL types. Rows come back keyed by column name, values as the
 * driver gives them.
 */
export function pglitePrepared(db: Db, name: string, types: string[], query: SQL): PreparedRun {
  let prepared: Promise<unknown> | undefined;
  return async (args) => {
    if (!args.every(inlinable)) throw new Error(`pglitePrepared ${name}: argument cannot be inlined`);
    if (!prepared) {
      // A real promise: drizzle's query objects run again on every then().
      prepared = Promise.resolve(db.execute(sql`PREPARE ${sql.raw(name)}(${sql.raw(types.join(', '))}) AS ${query}`));
      prepared.catch(() => (prepared = undefined));
    }
    await prepared;
    const res = await db.execute(sql.raw(`EXECUTE ${name}(${args.map((a) => `'${a}'`).join(', ')})`));
    return rowsOf<Record<string, unknown>>(res);
  };
}

/** A selected column: its name in the table, and how a driver's value becomes the row's. */
interface SelectedColumn {
  name: string;
  mapFromDriverValue(value: unknown): unknown;
}

/** PGlite's raw rows (keyed by column name) as rows keyed like `cols`, each value mapped as drizzle maps its own. */
export function rowDecoder(cols: Record<string, SelectedColumn>): (raw: Record<string, unknown>) => Record<string, unknown> {
  const decode = Object.entries(cols).map(([key, col]) => [key, col.name, (v: unknown) => col.mapFromDriverValue(v)] as const);
  return (raw) => Object.fromEntries(decode.map(([key, name, map]) => [key, raw[name] === null ? null : map(raw[name])]));
}
