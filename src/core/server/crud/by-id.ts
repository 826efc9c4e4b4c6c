import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Condition } from '../../shared/access-rules';
import type { ResourceDef } from '../../shared/resource';
import { isPglite, type Db } from '../db/client';
import { pglitePrepared, rowDecoder } from '../db/pglite-prepared';
import { pgNamedRows } from '../db/pg-named-rows';
import { tableOf, type AnyTable } from '../db/resource-tables';
import { preparableSql } from '../access/condition-sql';
import type { Row } from './representation';
import { selection } from './repository';

/**
 * Get-by-id is the most frequent query, so it is prepared: on PostgreSQL a
 * named statement each pooled connection parses once (pgNamedRows); on PGlite a PREPAREd
 * statement (see pglitePrepared). A caller with access rules gets one per
 * rule shape (the fields read and the conditions, values written in, `$me`
 * a parameter), shared by everyone with the same rules.
 */
type RowById = (id: string, me: string) => Promise<Row | undefined>;

/** Prepares `SELECT cols FROM t WHERE id = <id> AND where(<me>)` under `name`. */
function prepareRow(db: Db, name: string, t: AnyTable, cols: ReturnType<typeof selection>, where?: (me: SQL) => SQL): RowById {
  if (isPglite(db)) {
    const query = db
      .select(cols)
      .from(t)
      .where(and(eq(t.id, sql.raw('$1')), where?.(sql.raw('$2'))))
      .getSQL();
    const run = pglitePrepared(db, name, where ? ['uuid', 'uuid'] : ['uuid'], query);
    const decode = rowDecoder(cols);
    return async (id, me) => {
      const [raw] = await run(where ? [id, me] : [id]);
      return raw ? decode(raw) : undefined;
    };
  }
  const query = db
    .select(cols)
    .from(t)
    .where(and(eq(t.id, sql.placeholder('id')), where?.(sql`${sql.placeholder('me')}::uuid`)));
  const run = pgNamedRows(db, name, query, cols);
  return async (id, me) => (await run({ id, me }))[0] as Row | undefined;
}

const plain = new WeakMap<Db, Map<ResourceDef, (id: string) => Promise<Row | undefined>>>();

/** The whole record's row by id (every readable field). */
export function byId(db: Db, r: ResourceDef): (id: string) => Promise<Row | undefined> {
  let perDb = plain.get(db);
  if (!perDb) plain.set(db, (perDb = new Map()));
  let run = perDb.get(r);
  if (!run) {
    // Per resource, not per table: a projection (user-profiles) shares its table.
    const prepared = prepareRow(db, `get_${r.name.replace(/\W/g, '_')}_by_id`, tableOf(r), selection(r));
    perDb.set(r, (run = (id) => prepared(id, '')));
  }
  return run;
}

/** Rule shapes prepared at most, per database: past it, callers take the ordinary query. */
const MAX_SHAPES = 500;
const ruled = new WeakMap<Db, Map<string, RowById>>();

/**
 * The row by id as a caller with these rules reads it (only `fields`, only
 * when a condition allows it), prepared per rule shape; null when the shape
 * cannot be prepared ($myRoles) or too many are.
 */
export function ruledById(db: Db, r: ResourceDef, fields: readonly string[], where: readonly Condition[]): RowById | null {
  const shape = JSON.stringify([r.name, fields, where]);
  let perDb = ruled.get(db);
  if (!perDb) ruled.set(db, (perDb = new Map()));
  const known = perDb.get(shape);
  if (known) return known;
  if (perDb.size >= MAX_SHAPES) return null;
  const me = sql.raw('$me');
  if (where.length && !preparableSql(r, where, me)) return null;
  const name = `get_${r.name.replace(/\W/g, '_')}_ruled_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
  const run = prepareRow(
    db,
    name,
    tableOf(r),
    selection(r, fields),
    where.length ? (m) => preparableSql(r, where, m) ?? sql`false` : undefined,
  );
  perDb.set(shape, run);
  return run;
}
