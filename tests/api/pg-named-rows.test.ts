import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import { bigint, boolean, date, integer, interval, jsonb, numeric, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgNamedRows } from '../../src/core/server/db/pg-named-rows';
import type { Db } from '../../src/core/server/db/client';

// A schema of this file's own, dropped at the end: nothing else in the database is touched.
const SCHEMA = `named_rows_${process.pid}`;
const bookings = pgSchema(SCHEMA).table('bookings', {
  id: uuid('id').primaryKey(),
  guest: text('guest'),
  nights: integer('nights'),
  total: bigint('total', { mode: 'number' }),
  deposit: numeric('deposit'),
  paid: boolean('paid'),
  arrives: timestamp('arrives', { withTimezone: true, mode: 'date' }),
  booked: timestamp('booked', { mode: 'string' }),
  day: date('day'),
  stay: interval('stay'),
  extras: jsonb('extras'),
  tags: text('tags').array(),
  prices: numeric('prices').array(),
  days: date('days').array(),
  createdBy: uuid('created_by'),
});

const FULL = '6f1c2a52-3c0e-4a8a-9d3e-8f1f3e2b7a10';
const EMPTY = '0b7d9d6e-5a4b-4c1e-8f0a-2d3c4b5a6978';
const OWNER = 'a3d6c1b2-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

describe.skipIf(!process.env.DATABASE_URL)('a named statement read without drizzle gives the rows drizzle gives', () => {
  let pool: pg.Pool;
  let db: Db;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
    db = drizzle(pool) as unknown as Db;
    await pool.query(`CREATE SCHEMA ${SCHEMA}`);
    await pool.query(`CREATE TABLE ${SCHEMA}.bookings (id uuid PRIMARY KEY, guest text, nights integer, total bigint,
      deposit numeric, paid boolean, arrives timestamptz, booked timestamp, day date, stay interval, extras jsonb,
      tags text[], prices numeric[], days date[], created_by uuid)`);
    await pool.query(
      `INSERT INTO ${SCHEMA}.bookings VALUES
        ($1, 'Ελένη Παπαδοπούλου', 3, 9007199254740991, 120.50, true, '2026-12-24 15:30:00.123+02', '2026-11-30 09:05:07.654321',
         '2026-12-24', '3 days 04:00:00', '{"breakfast": true, "notes": "late check-in, \\"quiet\\" room"}',
         '{sea view,"a, b"}', '{12.50,7.00}', '{2026-12-24,2026-12-25}', $3),
        ($2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
      [FULL, EMPTY, OWNER],
    );
  });
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool?.end();
  });

  const cols = {
    id: bookings.id,
    guest: bookings.guest,
    nights: bookings.nights,
    total: bookings.total,
    deposit: bookings.deposit,
    paid: bookings.paid,
    arrives: bookings.arrives,
    booked: bookings.booked,
    day: bookings.day,
    stay: bookings.stay,
    extras: bookings.extras,
    tags: bookings.tags,
    prices: bookings.prices,
    days: bookings.days,
  };
  const byId = (on: Db, name: string) =>
    pgNamedRows(
      on,
      name,
      on
        .select(cols)
        .from(bookings)
        .where(eq(bookings.id, sql.placeholder('id'))),
      cols,
    );
  const drizzles = (on: Db, id: string) => on.select(cols).from(bookings).where(eq(bookings.id, id));

  test('every kind of column, filled and empty, on the pool', async () => {
    const read = byId(db, 'named_rows_by_id');
    for (const id of [FULL, EMPTY]) {
      const [row] = await read({ id });
      expect(row).toEqual((await drizzles(db, id))[0]);
    }
    const [full] = await read({ id: FULL });
    expect(full.arrives).toEqual(new Date('2026-12-24T13:30:00.123Z'));
    expect(full.booked).toBe('2026-11-30 09:05:07.654321');
    expect(full.total).toBe(9007199254740991);
    expect(full.extras).toEqual({ breakfast: true, notes: 'late check-in, "quiet" room' });
    expect(full.tags).toEqual(['sea view', 'a, b']);
    expect(full.prices).toEqual(['12.50', '7.00']);
    expect(await read({ id: '11111111-2222-4333-8444-555555555555' })).toEqual([]);
  });

  test('in a transaction, on its connection, with a bound value beside the placeholder', async () => {
    const query = (on: Db) =>
      on
        .select(cols)
        .from(bookings)
        .where(and(eq(bookings.id, sql.placeholder('id')), eq(bookings.createdBy, OWNER)));
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`UPDATE ${SCHEMA}.bookings SET guest = 'Νίκος' WHERE id = '${FULL}'`));
        // Read inside the transaction: its own uncommitted write is seen.
        const [row] = await pgNamedRows(tx, 'named_rows_owned', query(tx), cols)({ id: FULL });
        expect(row.guest).toBe('Νίκος');
        expect(await pgNamedRows(tx, 'named_rows_owned', query(tx), cols)({ id: EMPTY })).toEqual([]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      });
    const [after] = await byId(db, 'named_rows_by_id')({ id: FULL });
    expect(after.guest).toBe('Ελένη Παπαδοπούλου');
  });

  test('unnamed, as a search runs: the same rows', async () => {
    const read = pgNamedRows(
      db,
      undefined,
      db
        .select(cols)
        .from(bookings)
        .where(eq(bookings.id, sql.placeholder('id'))),
      cols,
    );
    for (const id of [FULL, EMPTY]) expect(await read({ id })).toEqual(await drizzles(db, id));
  });

  test("a value the column refuses fails like drizzle's query, with the database's code", async () => {
    const err = await byId(db, 'named_rows_by_id')({ id: 'not-a-uuid' }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('22P02');
  });
});

// PGlite's databases and transactions have no node-postgres client: their reads take drizzle's own prepared query.
describe.skipIf(Boolean(process.env.DATABASE_URL))('on PGlite', () => {
  test("the database and a transaction read through drizzle's prepared query", async () => {
    const client = await PGlite.create();
    try {
      await client.exec(`CREATE SCHEMA ${SCHEMA}; CREATE TABLE ${SCHEMA}.bookings (id uuid PRIMARY KEY, guest text, arrives timestamptz);
        INSERT INTO ${SCHEMA}.bookings VALUES ('${FULL}', 'Ελένη Παπαδοπούλου', '2026-12-24 15:30:00.123+02')`);
      const db = drizzlePglite(client) as unknown as Db;
      const few = { id: bookings.id, guest: bookings.guest, arrives: bookings.arrives };
      const read = (on: Db) =>
        pgNamedRows(
          on,
          'named_rows_pglite',
          on
            .select(few)
            .from(bookings)
            .where(eq(bookings.id, sql.placeholder('id'))),
          few,
        );
      expect(await read(db)({ id: FULL })).toEqual([
        { id: FULL, guest: 'Ελένη Παπαδοπούλου', arrives: new Date('2026-12-24T13:30:00.123Z') },
      ]);
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`UPDATE ${SCHEMA}.bookings SET guest = 'Νίκος' WHERE id = '${FULL}'`));
        expect((await read(tx)({ id: FULL }))[0].guest).toBe('Νίκος');
      });
    } finally {
      await client.close();
    }
  });
});
