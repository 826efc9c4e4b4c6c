import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { createRehearsal, makeStandIn } from '../../src/core/server/crud/rehearsal';
import { productResources } from '../../resources/set';
import type { Db } from '../../src/core/server/db/client';
import { rowsOf } from '../../src/core/server/db/rows';

const tag = randomUUID().slice(0, 8);
const PARENT = `reh_parent_${tag}`;
const CHILD = `reh_child_${tag}`;
const TRIGGERED = `reh_trig_${tag}`;

/** A table with every constraint a stand-in must judge as the table does. */
const DDL = [
  `CREATE TABLE ${PARENT} (id uuid PRIMARY KEY, code text NOT NULL UNIQUE)`,
  `CREATE TABLE ${CHILD} (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    email text,
    code text,
    score integer NOT NULL DEFAULT 0 CONSTRAINT ${CHILD}_score_ck CHECK (score >= 0),
    parent uuid CONSTRAINT ${CHILD}_parent_fk REFERENCES ${PARENT}(id),
    boss uuid CONSTRAINT ${CHILD}_boss_fk REFERENCES ${CHILD}(id),
    joined timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX ${CHILD}_email_uq ON ${CHILD} (lower(email))`,
  `CREATE UNIQUE INDEX ${CHILD}_code_uq ON ${CHILD} (code) WHERE score > 10`,
  `CREATE UNIQUE INDEX ${CHILD}_name_parent_uq ON ${CHILD} (name, parent)`,
  `CREATE INDEX ${CHILD}_name_trgm ON ${CHILD} (name text_pattern_ops)`,
  `CREATE TABLE ${TRIGGERED} (id uuid PRIMARY KEY)`,
  `CREATE FUNCTION ${TRIGGERED}_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
  `CREATE TRIGGER ${TRIGGERED}_t BEFORE INSERT ON ${TRIGGERED} FOR EACH ROW EXECUTE FUNCTION ${TRIGGERED}_fn()`,
];

/** The child table as drizzle knows it (what the repository writes through). */
const child = pgTable(CHILD, {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email'),
  code: text('code'),
  score: integer('score').notNull().default(0),
  parent: uuid('parent'),
  boss: uuid('boss'),
  joined: timestamp('joined', { withTimezone: true }).notNull().defaultNow(),
});

const P1 = randomUUID();
const EXISTING = randomUUID();

/** What the database said: the SQLSTATE and the constraint, or 'ok'. */
function said(err: unknown): string {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  while (e && !e.code && e.cause) e = e.cause as typeof e;
  if (!e?.code) throw err;
  return `${e.code} ${e.constraint ?? ''}`.trim();
}

const insert = (target: string, rows: Record<string, unknown>[]) =>
  sql.raw(
    `INSERT INTO ${target} (id, name, email, code, score, parent, boss) SELECT id, name, email, code, score, parent, boss ` +
      `FROM jsonb_populate_recordset(NULL::${CHILD}, '${JSON.stringify(rows).replace(/'/g, "''")}'::jsonb)`,
  );

describe('a rehearsal stand-in refuses exactly what its table refuses', () => {
  let h: Harness;
  let db: Db;
  beforeAll(async () => {
    h = await startHarness();
    db = h.app.deps.database.db;
    for (const ddl of DDL) await db.execute(sql.raw(ddl));
    await db.execute(sql.raw(`INSERT INTO ${PARENT} VALUES ('${P1}', 'P1')`));
    await db.execute(insert(CHILD, [{ id: EXISTING, name: 'Ann', email: 'Taken@Example.com', code: 'C1', score: 20, parent: P1 }]));
  });
  afterAll(async () => {
    for (const t of [TRIGGERED, CHILD, PARENT]) await db?.execute(sql.raw(`DROP TABLE IF EXISTS ${t}`));
    await db?.execute(sql.raw(`DROP FUNCTION IF EXISTS ${TRIGGERED}_fn`));
    await h?.close();
  });

  const row = (over: Record<string, unknown>) => ({ id: randomUUID(), name: `Row ${randomUUID().slice(0, 6)}`, score: 0, ...over });
  const cases: [string, () => Record<string, unknown>[]][] = [
    [
      'rows that break nothing, one naming a boss made in the same batch',
      () => {
        const boss = row({ email: 'boss@example.com', parent: P1 });
        return [boss, row({ boss: boss.id }), row({ boss: EXISTING, code: 'C1', score: 5 })];
      },
    ],
    ['an e-mail the table has, in other letters (an expression index)', () => [row({ email: 'taken@EXAMPLE.com' })]],
    ['an e-mail used twice in the batch', () => [row({ email: 'twice@example.com' }), row({ email: 'TWICE@example.com' })]],
    ['a code the partial index holds', () => [row({ code: 'C1', score: 50 })]],
    ['a parent that does not exist', () => [row({ parent: randomUUID() })]],
    ['a boss that does not exist (a key to the table itself)', () => [row({ boss: randomUUID() })]],
    ['a name and parent the table has (two columns)', () => [row({ name: 'Ann', parent: P1 })]],
    ['a name twice with no parent (nulls are distinct)', () => [row({ name: 'Solo' }), row({ name: 'Solo' })]],
    ['a score the check refuses', () => [row({ score: -1 })]],
    ['no name', () => [row({ name: null })]],
    ['a number out of range', () => [row({ score: 2 ** 40 })]],
  ];

  test.each(cases)('%s', async (_, make) => {
    const rows = make();
    await db
      .transaction(async (tx) => {
        const standIn = await makeStandIn(tx, CHILD);
        expect(standIn).not.toBeNull();
        const outcome = async (work: () => Promise<unknown>) => {
          await tx.execute(sql`SAVEPOINT attempt`);
          try {
            await work();
            return 'ok';
          } catch (err) {
            return said(err);
          } finally {
            await tx.execute(sql`ROLLBACK TO SAVEPOINT attempt`);
          }
        };
        const real = await outcome(() => tx.insert(child).values(rows as (typeof child.$inferInsert)[]));
        const rehearsed = await outcome(async () => expect(await standIn!.write(tx, child, rows)).toBe(true));
        expect(rehearsed).toBe(real);
        // The real insert did not change the table meanwhile: a refusal is the batch's own.
        expect(rowsOf(await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${CHILD}`)))).toEqual([{ n: 1 }]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      });
    // Gone with the transaction.
    expect(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${`rehearsal_${CHILD}`}`))).toEqual([
      { n: 0 },
    ]);
  });

  test('each case above is refused by the table for the reason it names', async () => {
    // The table's own answers, so that the comparison above cannot pass by both saying nothing.
    const answers: string[] = [];
    for (const [, make] of cases) {
      const rows = make();
      await db
        .transaction(async (tx) => {
          answers.push(await tx.execute(insert(CHILD, rows)).then(() => 'ok', said));
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error && err.message === 'Rollback')) throw err;
        });
    }
    expect(answers).toEqual([
      'ok',
      `23505 ${CHILD}_email_uq`,
      `23505 ${CHILD}_email_uq`,
      `23505 ${CHILD}_code_uq`,
      `23503 ${CHILD}_parent_fk`,
      `23503 ${CHILD}_boss_fk`,
      `23505 ${CHILD}_name_parent_uq`,
      'ok',
      `23514 ${CHILD}_score_ck`,
      '23502',
      '22003',
    ]);
  });

  test('a rehearsal makes a stand-in for users, none for resources whose creates must reach the table', async () => {
    await db
      .transaction(async (tx) => {
        const rehearsal = createRehearsal();
        for (const name of ['users', 'roles', 'experiences']) await rehearsal.prepare(tx, productResources.byName(name));
        // Roles: a list of permissions written beside each new role (and a trigger); experiences: a unique slug,
        // made by reading the table, and pictures.
        expect(['users', 'roles', 'experiences'].map((n) => Boolean(rehearsal.standInOf(productResources.byName(n))))).toEqual([
          true,
          false,
          false,
        ]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      });
  });

  test('a table with a trigger on insert gets no stand-in: its creates go into it', async () => {
    await db
      .transaction(async (tx) => {
        expect(await makeStandIn(tx, TRIGGERED)).toBeNull();
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      });
  });
});
