import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { tableOf, type AnyTable } from '../db/resource-tables';
import { insertStatements } from '../db/insert-rows';
import { inTransaction } from '../db/transaction';
import { sqlState } from '../db/availability';
import { serverKindOf } from '../../field-kinds/server';

/** SQLSTATE of a refused privilege (here: creating a temporary table). */
const INSUFFICIENT_PRIVILEGE = '42501';

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
          'method', substr(pg_get_indexdef(i.indexrelid), strpos(pg_get_indexdef(i.indexrelid), ' USING ') + 7))
          ORDER BY i.indexrelid)
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid, t WHERE i.indrelid = t.oid AND i.indisunique AND i.indisvalid), '[]') AS unique,
      COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'name', c.conname,
          'columns', (SELECT jsonb_agg(a.attname ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(att, n)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.att),
          'target', c.confrelid::regclass::text,
          'targetColumns', (SELECT jsonb_agg(a.attname ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY k(att, n)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.att))
          ORDER BY c.conname)
        FROM pg_constraint c, t WHERE c.conrelid = t.oid AND c.contype = 'f'), '[]') AS foreign`),
  );
  return facts;
}

/** A stand-in for a resource's table in a rehearsal: its creates go there, judged as the table would judge them. */
export interface StandIn {
  /**
   * Inserts `rows` (rows of `t`, each with its id) into the stand-in and
   * throws what the table would have thrown for them: the stand-in's own
   * NOT NULL, CHECK and unique indexes (rows used twice) as the database
   * raises them, then the table's unique indexes and foreign keys against
   * its rows, as a PostgreSQL-shaped error with the same code and constraint
   * name. False, writing nothing, when the rows need drizzle's builder.
   */
  write(tx: Db, t: AnyTable, rows: readonly Record<string, unknown>[]): Promise<boolean>;
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

/**
 * The unique indexes a batch is checked against, in the order PostgreSQL
 * checks them (their OIDs'; foreign keys after them, by name, as their
 * triggers fire); not the id's, which the server makes for every create (a
 * random UUID). One difference stays: a row that repeats an earlier row of
 * the file on one unique index and a record of the table on another is
 * refused by the stand-in's own index first, so its message may name the
 * other field than the commit's would (the row fails either way).
 */
const probedUnique = (facts: TableFacts) => facts.unique.filter((u) => !(u.keys.length === 1 && u.keys[0] === 'id'));

/**
 * The columns that tell, for the rows an INSERT into the stand-in returned
 * (`batch`), which constraints of the table they break: a boolean for each,
 * in the order of its probed unique indexes, then its foreign keys.
 */
function probesOf(table: string, standIn: string, facts: TableFacts, unique: TableFacts['unique']): SQL {
  const tests: string[] = [];
  for (const u of unique) {
    const keys = u.keys.join(', ');
    const when = u.predicate ? ` AND (${u.predicate})` : '';
    // Unqualified names read the innermost table: the stand-in's row outside, the table's inside.
    tests.push(`(${keys}) IN (SELECT ${keys} FROM ${quoted(table)} WHERE TRUE${when})${when}`);
  }
  for (const f of facts.foreign) {
    const given = f.columns.map((c) => `s.${quoted(c)} IS NOT NULL`).join(' AND ');
    const match = (alias: string) => f.columns.map((c, k) => `${alias}.${quoted(f.targetColumns[k])} = s.${quoted(c)}`).join(' AND ');
    // A key to the table itself may name a row made earlier in the rehearsal (the stand-in) or in this batch.
    const self =
      f.target === quoted(table) || f.target === table
        ? ` AND NOT EXISTS (SELECT 1 FROM ${standIn} o WHERE ${match('o')}) AND NOT EXISTS (SELECT 1 FROM batch o WHERE ${match('o')})`
        : '';
    tests.push(`${given} AND NOT EXISTS (SELECT 1 FROM ${f.target} r WHERE ${match('r')})${self}`);
  }
  return sql.raw(tests.map((test, k) => `EXISTS (SELECT 1 FROM batch s WHERE ${test}) AS p${k}`).join(', ') || 'FALSE AS none');
}

/**
 * Makes, inside `tx`, a stand-in for `table`: a temporary table shaped like
 * it (the same columns, defaults, NOT NULL and CHECK constraints, and its
 * unique indexes under their own names), whose `write` then judges rows
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
  // The table's own names: a row used twice in the file breaks the constraint the table's error names. Not the id's:
  // the server makes every id of a create.
  const unique = probedUnique(facts);
  for (const u of unique) await tx.execute(sql.raw(`CREATE UNIQUE INDEX ${quoted(u.name)} ON ${standIn} USING ${u.method}`));
  const probes = probesOf(table, standIn, facts, unique);
  const constraints = [...unique.map((u) => ['23505', u.name]), ...facts.foreign.map((f) => ['23503', f.name])];
  return {
    async write(db, t, rows) {
      const statements = insertStatements(t, rows, sql.raw(standIn));
      if (!statements) return false;
      // The rows and the probes in one statement: the probes read the rows the INSERT returns.
      for (const insert of statements) {
        const [found] = rowsOf<Record<string, boolean>>(await db.execute(sql`WITH batch AS (${insert} RETURNING *) SELECT ${probes}`));
        const broken = constraints.length ? Object.values(found ?? {}).indexOf(true) : -1;
        if (broken >= 0) throw new ConstraintError(constraints[broken][0], constraints[broken][1]);
      }
      return true;
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
      // A slug is made unique by reading the table, where rows made earlier in the rehearsal are not; a related
      // write (a list of refs, pictures) names the new row, which must then be in the table. Either would put
      // some of the rehearsal's rows in the table and others in the stand-in, which do not see each other.
      if (Object.values(r.fields).some((d) => d.slugFrom || serverKindOf(d).related)) return;
      // In a savepoint: a database that refuses temporary tables (REVOKE TEMP) leaves the rehearsal without
      // a stand-in, writing into the table as before, rather than failing it.
      const standIn = await inTransaction(tx, (sp) => makeStandIn(sp, getTableName(tableOf(r)))).catch((err: unknown) => {
        if (sqlState(err) === INSUFFICIENT_PRIVILEGE) return null;
        throw err;
      });
      if (standIn) standIns.set(r, standIn);
    },
    /** `r`'s stand-in, if the rehearsal made one. */
    standInOf: (r: ResourceDef): StandIn | undefined => standIns.get(r),
  };
}

export type Rehearsal = ReturnType<typeof createRehearsal>;
