import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { tableOf } from '../db/resource-tables';

/** What the catalog says of a table a rehearsal stands in for. */
interface TableFacts {
  /** Triggers on INSERT, exclusion constraints, MATCH FULL keys, unique indexes with NULLS NOT DISTINCT: what a stand-in would not do alike. */
  unlike: boolean;
  unique: { name: string; keys: string[]; predicate: string | null; method: string }[];
  foreign: { name: string; columns: string[]; target: string; targetColumns: string[] }[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The table's unique indexes, foreign keys and what no stand-in would do alike, from the catalog. */
async function factsOf(tx: Db, table: string): Promise<TableFacts> {
  const [facts] = rowsOf<TableFacts>(
    await tx.execute(sql`
    WITH t AS (SELECT ${quoted(table)}::regclass AS oid)
    SELECT
      EXISTS (SELECT 1 FROM pg_trigger g, t WHERE g.tgrelid = t.oid AND NOT g.tgisinternal AND g.tgtype & 4 <> 0)
      OR EXISTS (SELECT 1 FROM pg_constraint c, t WHERE c.conrelid = t.oid AND (c.contype = 'x' OR (c.contype = 'f' AND c.confmatchtype = 'f')))
      OR EXISTS (SELECT 1 FROM pg_index i, t WHERE i.indrelid = t.oid AND i.indisunique AND (to_jsonb(i) ->> 'indnullsnotdistinct')::boolean IS TRUE)
        AS unlike,
      COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'name', c.relname,
          'keys', (SELECT jsonb_agg(pg_get_indexdef(i.indexrelid, k, true) ORDER BY k) FROM generate_series(1, i.indnkeyatts) k),
          'predicate', pg_get_expr(i.indpred, i.indrelid, true),
          'method', substr(pg_get_indexdef(i.indexrelid), strpos(pg_get_indexdef(i.indexrelid), ' USING ') + 7)))
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid, t WHERE i.indrelid = t.oid AND i.indisunique AND i.indisvalid), '[]') AS unique,
      COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'name', c.conname,
          'columns', (SELECT jsonb_agg(a.attname ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(att, n)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.att),
          'target', c.confrelid::regclass::text,
          'targetColumns', (SELECT jsonb_agg(a.attname ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY k(att, n)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.att)))
        FROM pg_constraint c, t WHERE c.conrelid = t.oid AND c.contype = 'f'), '[]') AS foreign`),
  );
  return facts;
}

/** A stand-in for a resource's table in a rehearsal: its creates go there, then `check` judges them as the table would. */
export interface StandIn {
  /** The stand-in's name, for an INSERT. */
  into: SQL;
  /**
   * Throws what the table's own unique indexes and foreign keys would have
   * thrown had the rows with `ids` gone into it: a PostgreSQL-shaped error
   * with the same code and constraint name.
   */
  check(tx: Db, ids: readonly string[]): Promise<void>;
}

/** An error as PostgreSQL raises it for a constraint (what translateDbError and an import read). */
class ConstraintError extends Error {
  constructor(
    readonly code: string,
    readonly constraint: string,
  ) {
    super(
      `${code === '23505' ? 'duplicate key value violates unique constraint' : 'insert violates foreign key constraint'} "${constraint}"`,
    );
  }
}

/** The unique indexes a batch is checked against: not the id's, which the server makes for every create (a random UUID). */
const probedUnique = (facts: TableFacts) => facts.unique.filter((u) => !(u.keys.length === 1 && u.keys[0] === 'id'));

/**
 * The statement that finds, among the stand-in's rows with the given ids, the
 * constraints of the table they break: a boolean column for each, in the
 * order of its unique indexes, then its foreign keys.
 */
function checkOf(table: string, standIn: string, facts: TableFacts): (ids: readonly string[]) => SQL {
  const tests: string[] = [];
  for (const u of probedUnique(facts)) {
    const keys = u.keys.join(', ');
    const when = u.predicate ? ` AND (${u.predicate})` : '';
    // Unqualified names read the innermost table: the stand-in's row outside, the table's inside.
    tests.push(`(${keys}) IN (SELECT ${keys} FROM ${quoted(table)} WHERE TRUE${when})${when}`);
  }
  for (const f of facts.foreign) {
    const given = f.columns.map((c) => `s.${quoted(c)} IS NOT NULL`).join(' AND ');
    const match = (alias: string) => f.columns.map((c, k) => `${alias}.${quoted(f.targetColumns[k])} = s.${quoted(c)}`).join(' AND ');
    // A key to the table itself may name a row made earlier in the same rehearsal.
    const self = f.target === quoted(table) || f.target === table ? ` AND NOT EXISTS (SELECT 1 FROM ${standIn} o WHERE ${match('o')})` : '';
    tests.push(`${given} AND NOT EXISTS (SELECT 1 FROM ${f.target} r WHERE ${match('r')})${self}`);
  }
  const columns = sql.raw(tests.map((test, k) => `EXISTS (SELECT 1 FROM batch s WHERE ${test}) AS p${k}`).join(', ') || 'FALSE AS none');
  // The batch's rows by the stand-in's unique id index: the planner knows them few, and probes the table's indexes.
  return (ids) =>
    sql`WITH batch AS MATERIALIZED (SELECT * FROM ${sql.raw(standIn)} WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])) SELECT ${columns}`;
}

/**
 * Makes, inside `tx`, a stand-in for `table`: a temporary table shaped like
 * it (the same columns, defaults, NOT NULL and CHECK constraints, and its
 * unique indexes under their own names), whose `check` then judges rows
 * against the table's rows by its unique indexes and foreign keys. None for
 * a table a stand-in would not judge alike (a trigger on insert, an
 * exclusion constraint, a MATCH FULL key, NULLS NOT DISTINCT).
 */
export async function makeStandIn(tx: Db, table: string): Promise<StandIn | null> {
  const facts = await factsOf(tx, table);
  if (facts.unlike) return null;
  const standIn = quoted(`rehearsal_${table}`);
  await tx.execute(
    sql.raw(`CREATE TEMPORARY TABLE ${standIn} (LIKE ${quoted(table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED)`),
  );
  // The table's own names: a row used twice in the file breaks the constraint the table's error names.
  for (const u of facts.unique) await tx.execute(sql.raw(`CREATE UNIQUE INDEX ${quoted(u.name)} ON ${standIn} USING ${u.method}`));
  const check = checkOf(table, standIn, facts);
  const constraints = [...probedUnique(facts).map((u) => ['23505', u.name]), ...facts.foreign.map((f) => ['23503', f.name])];
  return {
    into: sql.raw(standIn),
    async check(db, ids) {
      if (!constraints.length) return;
      const [found] = rowsOf<Record<string, boolean>>(await db.execute(check(ids)));
      const broken = Object.values(found ?? {}).indexOf(true);
      if (broken >= 0) throw new ConstraintError(constraints[broken][0], constraints[broken][1]);
    },
  };
}

/**
 * A rehearsal: writes in a transaction that always rolls back (an import's
 * dry run), which must find every problem the real writes would and may
 * write anything, since nothing stays. A resource's creates go into its
 * table's stand-in (makeStandIn): the same refusals, without the table's
 * other indexes (a trigram index costs more than the row). What follows a
 * write (version, audit entry, event) is not written. Only for creates that
 * read nothing of their own table: a later row that looks up an earlier
 * one (an update by key, a ref to the same resource, a unique slug) would
 * not find it there; such rehearsals make no stand-in.
 */
export function createRehearsal() {
  const standIns = new Map<ResourceDef, StandIn>();
  return {
    /**
     * Makes `r`'s stand-in inside `tx`, before any savepoint (one rolled
     * back would take the stand-in with it).
     */
    async prepare(tx: Db, r: ResourceDef): Promise<void> {
      // A slug is made unique by reading the table, where rows made earlier in the rehearsal are not.
      if (Object.values(r.fields).some((d) => d.slugFrom)) return;
      const standIn = await makeStandIn(tx, getTableName(tableOf(r)));
      if (standIn) standIns.set(r, standIn);
    },
    /** `r`'s stand-in, if the rehearsal made one. */
    standInOf: (r: ResourceDef): StandIn | undefined => standIns.get(r),
  };
}

export type Rehearsal = ReturnType<typeof createRehearsal>;
