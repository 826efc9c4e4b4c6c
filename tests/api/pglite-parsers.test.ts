import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DRIZZLE_TEXT_TYPES, withDrizzleParsers } from '../../src/core/server/db/pglite-parsers';

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

// The server's PGlite holds drizzle's parsers once instead of being handed them with every statement.
describe.skipIf(Boolean(process.env.DATABASE_URL))("drizzle's parsers held by the embedded database", () => {
  let plain: PGlite;
  let shared: PGlite;
  const seen: (QueryOptions | undefined)[] = [];
  beforeAll(async () => {
    [plain, shared] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const c of [plain, shared]) await c.exec(`${CREATE}; ${INSERT}`);
    const query = shared.query.bind(shared);
    // What reaches PGlite itself from drizzle's statements.
    shared.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    const transaction = shared.transaction.bind(shared);
    shared.transaction = ((work: Parameters<PGlite['transaction']>[0]) =>
      transaction((tx) => {
        const inner = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          seen.push(options);
          return inner(text, params, options);
        }) as typeof tx.query;
        return work(tx);
      })) as PGlite['transaction'];
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
    const after = drizzle(withDrizzleParsers(shared));
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
    seen.length = 0;
    expect(await read(after)).toEqual(expected);
    expect(seen.length).toBeGreaterThan(5);
    for (const options of seen) expect(options?.parsers).toBeUndefined();
  });
});
