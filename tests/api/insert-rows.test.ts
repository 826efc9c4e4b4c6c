import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { insertRows } from '../../src/core/server/db/insert-rows';
import { pgCode } from '../../src/core/server/crud/db-errors';
import type { Db } from '../../src/core/server/db/client';
import { rowsOf } from '../../src/core/server/db/rows';
import { tableOf } from '../../src/core/server/db/resource-tables';
import { productResources } from '../../resources/set';

/** A table of every kind of column the field kinds make, with the defaults a create leaves to the database. */
const DDL = (name: string) =>
  sql.raw(`CREATE TABLE "${name}" (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  row_version integer NOT NULL DEFAULT 1,
  name text NOT NULL,
  email text,
  confirmed boolean NOT NULL DEFAULT true,
  score integer,
  ratio double precision,
  price numeric(10, 2),
  tags text[] NOT NULL DEFAULT '{}',
  data jsonb,
  due timestamptz,
  owner uuid
)`);

const tableNamed = (name: string) =>
  pgTable(name, {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: integer('row_version').notNull().default(1),
    name: text('name').notNull(),
    email: text('email'),
    confirmed: boolean('confirmed').notNull().default(true),
    score: integer('score'),
    ratio: doublePrecision('ratio'),
    price: numeric('price', { precision: 10, scale: 2 }),
    tags: text('tags').array().notNull().default([]),
    data: jsonb('data'),
    due: timestamp('due', { withTimezone: true }),
    owner: uuid('owner'),
  });

/** Rows as an import makes them: full ones, ones leaving columns to their defaults, explicit nulls, awkward text. */
function sampleRows(tag: string) {
  return [
    {
      id: randomUUID(),
      name: 'Μαρία Παπαδοπούλου',
      email: `maria.${tag}@example.com`,
      confirmed: false,
      score: -42,
      ratio: 0.1 + 0.2,
      price: '1234.50',
      tags: ['a,b', 'quote " here', 'back\\slash', 'ελληνικά', ''],
      data: { nested: [1, 'two', { three: null }], text: 'line\nbreak', emoji: '🙂' },
      due: new Date('2027-03-01T10:20:30.456Z'),
      owner: randomUUID(),
    },
    { id: randomUUID(), name: 'O\'Brien, "Jim"\r\nsecond line' },
    { id: randomUUID(), name: 'Nulls', email: null, score: null, data: null, due: null, owner: null },
    { id: randomUUID(), name: 'JSON scalars', data: 'just a string', ratio: Number.NaN, tags: [] },
    { id: randomUUID(), name: 'JSON array', data: [true, false], ratio: Number.POSITIVE_INFINITY, score: 0 },
  ];
}

describe('insertRows: the rows drizzle would insert, returned as drizzle returns them', () => {
  let h: Harness;
  let db: Db;
  const name = `ins_rows_${randomUUID().slice(0, 8)}`;
  const t = tableNamed(name);
  beforeAll(async () => {
    h = await startHarness();
    db = h.app.deps.database.db;
    await db.execute(DDL(name));
    await db.execute(sql.raw(`CREATE UNIQUE INDEX "${name}_email_uq" ON "${name}" (email)`));
  });
  afterAll(async () => {
    await db?.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
    await h?.close();
  });

  test('every kind of column, defaults, nulls and awkward text: the same rows as VALUES', async () => {
    // Rows by their place in the given list (ids differ between the two inserts; RETURNING keeps no order).
    const byId = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
    // One transaction: now() is the same for both, so defaulted timestamps compare.
    await db
      .transaction(async (tx) => {
        const ours = sampleRows('ours');
        const theirs = sampleRows('theirs').map((row, k) => ({ ...row, id: randomUUID(), ...(k === 0 ? { owner: ours[0].owner } : {}) }));
        const got = await insertRows(tx, t, ours, { id: t.id, createdAt: t.createdAt, name: t.name, tags: t.tags, data: t.data });
        const want = await tx
          .insert(t)
          .values(theirs)
          .returning({ id: t.id, createdAt: t.createdAt, name: t.name, tags: t.tags, data: t.data });
        expect(got).toHaveLength(5);
        const strip = (rows: Record<string, unknown>[], ids: string[]) => byId(rows.map((r) => ({ ...r, id: ids.indexOf(String(r.id)) })));
        expect(
          strip(
            got,
            ours.map((r) => r.id),
          ),
        ).toEqual(
          strip(
            want,
            theirs.map((r) => r.id),
          ),
        );
        expect(got.find((r) => r.id === ours[0].id)?.createdAt).toBeInstanceOf(Date);
        // What is stored, every column, read back the same way for both.
        const stored = async (ids: string[]) =>
          (
            await tx
              .select()
              .from(t)
              .where(sql`${t.id} = ANY(${sql.raw(`ARRAY['${ids.join("','")}']::uuid[]`)})`)
          ).map((r) => ({
            ...r,
            id: ids.indexOf(r.id),
            email: r.email?.replace(/ours|theirs/, 'x') ?? null,
          }));
        const a = await stored(ours.map((r) => r.id));
        const b = await stored(theirs.map((r) => r.id));
        expect(byId(a as never)).toEqual(byId(b as never));
        // Stored as the same JSON (drizzle's reading would parse a JSON string holding an object back to it).
        const shapes = async (ids: string[]) =>
          rowsOf<{ name: string; type: string | null; text: string | null }>(
            await tx.execute(
              sql`SELECT name, jsonb_typeof(data) AS type, data #>> '{}' AS text FROM ${t} WHERE ${t.id} IN ${ids} ORDER BY name`,
            ),
          );
        expect(await shapes(ours.map((r) => r.id))).toEqual(await shapes(theirs.map((r) => r.id)));
        expect((await shapes(ours.map((r) => r.id))).map((r) => r.type)).toEqual(['array', 'string', null, null, 'object']);
        expect(a.find((r) => r.name === 'JSON scalars')).toMatchObject({ data: 'just a string', confirmed: true, rowVersion: 1, tags: [] });
        expect(Number.isNaN(a.find((r) => r.name === 'JSON scalars')?.ratio)).toBe(true);
        expect(a.find((r) => r.name === 'JSON array')).toMatchObject({ data: [true, false], ratio: Number.POSITIVE_INFINITY });
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      });
  });

  test('refused as VALUES refuses them: a unique value used twice, a number out of range', async () => {
    const email = `dup.${randomUUID()}@example.com`;
    await insertRows(db, t, [{ id: randomUUID(), name: 'First', email }], { id: t.id });
    const codeOf = async (write: Promise<unknown>) =>
      write.then(
        () => 'none',
        (err: unknown) => pgCode(err),
      );
    const again = [{ id: randomUUID(), name: 'Again', email }];
    expect(await codeOf(insertRows(db, t, again, { id: t.id }))).toBe('23505');
    expect(await codeOf(db.insert(t).values(again))).toBe('23505');
    const huge = [{ id: randomUUID(), name: 'Huge', score: 2 ** 40 }];
    expect(await codeOf(insertRows(db, t, huge, { id: t.id }))).toBe('22003');
    expect(await codeOf(db.insert(t).values(huge))).toBe('22003');
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(sql`${t.email} = ${email}`)) as { n: number }[];
    expect(n).toBe(1);
  });

  test('every declared table: a column has a default in the database exactly when its schema says so', async () => {
    // insertRows leaves a column without a default out of a row's statement (NULL), and one with a default in.
    const defaults = new Map(
      rowsOf<{ t: string; c: string; d: string | null }>(
        await db.execute(
          sql`SELECT table_name AS t, column_name AS c, column_default AS d FROM information_schema.columns WHERE table_schema = current_schema()`,
        ),
      ).map((x) => [`${x.t}.${x.c}`, x.d]),
    );
    const differ: string[] = [];
    for (const r of productResources.list)
      for (const col of Object.values(getTableColumns(tableOf(r)) as Record<string, Column>)) {
        const d = defaults.get(`${getTableName(tableOf(r))}.${col.name}`);
        if (d === undefined) differ.push(`${r.name}.${col.name}: no such column`);
        else if ((d !== null) !== col.hasDefault) differ.push(`${r.name}.${col.name}: database ${d}, schema ${col.hasDefault}`);
      }
    expect(differ).toEqual([]);
    expect(productResources.list.length).toBeGreaterThan(5);
  });

  test('rows leaving out different columns: each takes its defaults, one statement per set of defaulted columns', async () => {
    const a = { id: randomUUID(), name: 'Has all', email: `all.${randomUUID()}@example.com`, score: 3, confirmed: false };
    const b = { id: randomUUID(), name: 'No email, no score' };
    const c = { id: randomUUID(), name: 'Only a score', score: 9 };
    const got = await insertRows(db, t, [a, b, c], {
      id: t.id,
      email: t.email,
      score: t.score,
      confirmed: t.confirmed,
      rowVersion: t.rowVersion,
    });
    const byName = new Map(got.map((r) => [r.id, r]));
    expect(byName.get(a.id)).toMatchObject({ email: a.email, score: 3, confirmed: false, rowVersion: 1 });
    expect(byName.get(b.id)).toMatchObject({ email: null, score: null, confirmed: true, rowVersion: 1 });
    expect(byName.get(c.id)).toMatchObject({ email: null, score: 9, confirmed: true, rowVersion: 1 });
  });

  test('a row giving no column takes every default', async () => {
    const plain = pgTable(`${name}_plain`, { id: uuid('id').primaryKey().defaultRandom(), n: integer('n').notNull().default(7) });
    await db.execute(sql.raw(`CREATE TABLE "${name}_plain" (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n integer NOT NULL DEFAULT 7)`));
    try {
      const got = await insertRows(db, plain, [{}, {}], { id: plain.id, n: plain.n });
      expect(got).toHaveLength(2);
      expect(got.map((r) => r.n)).toEqual([7, 7]);
      expect(new Set(got.map((r) => r.id)).size).toBe(2);
    } finally {
      await db.execute(sql.raw(`DROP TABLE "${name}_plain"`));
    }
  });
});
