import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forDrizzle } from '../../src/core/server/db/pglite-parsers';
import { DRIZZLE_TEXT_TYPES } from '../../src/core/server/db/drizzle-text-types';

const events = pgTable('events', {
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  localAt: timestamp('local_at', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  lasts: interval('lasts').notNull(),
  prices: numeric('prices').array().notNull(),
  days: date('days').array().notNull(),
});

const CREATE = `CREATE TABLE events (name text NOT NULL, at timestamptz NOT NULL, local_at timestamp NOT NULL, day date NOT NULL,
  lasts interval NOT NULL, prices numeric[] NOT NULL, days date[] NOT NULL)`;
const INSERT = `INSERT INTO events VALUES
  ('Harbour walk', '2026-11-30 08:15:00.123456+00', '2026-11-30 10:15:00', '2026-12-01', '1 day 02:30:00', '{12.50,7.00}', '{2026-12-01,2026-12-02}'),
  ('Κρήτη tour', '2026-06-01 00:00:00+00', '2026-06-01 03:00:00', '2026-06-01', '3 days', '{}', '{}')`;

const HARBOUR = {
  at: '2026-11-30 08:15:00+00',
  localAt: '2026-11-30 10:15:00',
  day: '2026-12-01',
  lasts: '1 day',
  prices: ['12.50'],
  days: ['2026-12-01'],
};

// The server's PGlite holds drizzle's parsers once instead of being handed them with every statement.
describe.skipIf(Boolean(process.env.DATABASE_URL))("drizzle's parsers held by the embedded database", () => {
  let plain: PGlite;
  let shared: PGlite;
  /** The protocol messages' first bytes of each trip into the shared client's database. */
  const trips: string[] = [];
  beforeAll(async () => {
    [plain, shared] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const c of [plain, shared]) await c.exec(`${CREATE}; ${INSERT}`);
    const stream = shared.execProtocolStream.bind(shared);
    shared.execProtocolStream = ((message: Uint8Array, options) => {
      trips.push(String.fromCharCode(message[0]));
      return stream(message, options);
    }) as PGlite['execProtocolStream'];
    // Everything drizzle sends goes in one trip: PGlite's own query (six trips, and a copy of its parsers) is never used.
    shared.query = (() => Promise.reject(new Error('PGlite.query used'))) as PGlite['query'];
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), shared?.close()]);
  });

  test('are exactly the ones drizzle hands with each statement: its types kept as text', async () => {
    const handed: QueryOptions[] = [];
    const recorder = {
      query: async (_t: string, _p: unknown[], options: QueryOptions) => (handed.push(options), { rows: [], fields: [] }),
    };
    const db = drizzle(recorder as unknown as PGlite);
    await db.execute(sql`SELECT 1`);
    await db.select().from(events);
    expect(handed).toHaveLength(2);
    for (const options of handed) {
      const parsers = options.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(parsers)) expect(parse('2026-11-30 08:15:00+00', 1184)).toBe('2026-11-30 08:15:00+00');
    }
  });

  test('give the same rows as drizzle over a plain PGlite, in and out of transactions, with no parsers per statement', async () => {
    const before = drizzle(plain);
    const after = drizzle(forDrizzle(shared));
    const read = async (db: typeof before) => ({
      selected: await db.select().from(events).orderBy(events.name),
      raw: (await db.execute(sql`SELECT name, at, day, lasts, prices, days, at - interval '1 hour' AS earlier FROM events ORDER BY name`))
        .rows,
      inTransaction: await db.transaction(async (tx) => ({
        selected: await tx.select().from(events).orderBy(events.name),
        nested: await tx.transaction(async (inner) => (await inner.execute(sql`SELECT at, lasts FROM events ORDER BY name`)).rows),
      })),
    });
    const expected = await read(before);
    expect(expected.selected[0]).toMatchObject({
      name: 'Harbour walk',
      at: '2026-11-30 08:15:00.123456+00',
      day: '2026-12-01',
      lasts: '1 day 02:30:00',
    });
    expect(await read(after)).toEqual(expected);

    // A statement with parameters: its first run asks for their types (a Parse, Describe and Sync), later runs go in one trip.
    const named = (name: string) =>
      after
        .select({ day: events.day })
        .from(events)
        .where(sql`${events.name} = ${name}`);
    trips.length = 0;
    expect(await named('Harbour walk')).toEqual([{ day: '2026-12-01' }]);
    expect(trips).toEqual(['P', 'P']);
    trips.length = 0;
    expect(await named('Κρήτη tour')).toEqual([{ day: '2026-06-01' }]);
    expect(await named('nobody')).toEqual([]);
    expect(trips).toEqual(['P', 'P']);
  });

  test('a transaction that has ended refuses its statements, as PGlite does', async () => {
    const db = drizzle(forDrizzle(shared));
    let kept: Parameters<Parameters<typeof db.transaction>[0]>[0] | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.insert(events).values({ ...HARBOUR, name: 'Inside' });
    });
    const late = await kept!
      .insert(events)
      .values({ ...HARBOUR, name: 'After' })
      .catch((e: unknown) => e);
    expect((late as Error).cause).toMatchObject({ message: 'Transaction is closed' });
    const names = (await db.select({ name: events.name }).from(events)).map((r) => r.name);
    expect(names).toContain('Inside');
    expect(names).not.toContain('After');
  });
});
