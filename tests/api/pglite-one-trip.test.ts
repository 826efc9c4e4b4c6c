import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { oneTripQuery, type OneTripQuery } from '../../src/core/server/db/pglite-one-trip';

const CREATE = `CREATE TABLE bookings (id int PRIMARY KEY, guest text NOT NULL, paid boolean NOT NULL, at timestamptz NOT NULL,
  details jsonb, tags text[] NOT NULL, photo bytea, price numeric)`;

/** One row's values as a client hands them: the JavaScript types PGlite writes by the column's type. */
const ROWS: unknown[][] = [
  [
    1,
    'Μαρία Παπαδοπούλου',
    true,
    new Date('2026-11-30T08:15:00.123Z'),
    { rooms: 2, note: 'sea view' },
    ['family', 'late'],
    new Uint8Array([0, 255, 7]),
    '129.50',
  ],
  [2, "O'Brien; DROP TABLE bookings", false, new Date('2026-06-01T00:00:00Z'), null, [], null, null],
];
const INSERT = 'INSERT INTO bookings VALUES ($1, $2, $3, $4, $5, $6, $7, $8)';
const SELECT = 'SELECT * FROM bookings WHERE id = $1';

// The server's PGlite sends each statement in one trip; what comes back must be what PGlite's own query gives.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a statement in one trip into the embedded database', () => {
  let plain: PGlite;
  let client: PGlite;
  let oneTrip: OneTripQuery;
  let trips = 0;
  beforeAll(async () => {
    [plain, client] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const c of [plain, client]) await c.exec(CREATE);
    oneTrip = oneTripQuery(client);
    const stream = client.execProtocolStream.bind(client);
    client.execProtocolStream = ((message: Uint8Array, options) => (trips++, stream(message, options))) as PGlite['execProtocolStream'];
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), client?.close()]);
  });

  test("writes every kind of value as PGlite's query does, and reads rows back the same", async () => {
    for (const row of ROWS) {
      const expected = await plain.query(INSERT, row);
      expect(await oneTrip(INSERT, row, undefined, false)).toEqual(expected);
    }
    for (const id of [1, 2, 3]) expect(await oneTrip(SELECT, [id], undefined, false)).toEqual(await plain.query(SELECT, [id]));
    const asArrays = { rowMode: 'array' as const };
    expect(await oneTrip('SELECT guest, tags FROM bookings ORDER BY id', [], asArrays, false)).toEqual(
      await plain.query('SELECT guest, tags FROM bookings ORDER BY id', [], asArrays),
    );
    const [maria] = (await oneTrip<{ details: unknown; photo: Uint8Array; at: Date }>(SELECT, [1], undefined, false)).rows;
    expect(maria.details).toEqual({ rooms: 2, note: 'sea view' });
    expect([...maria.photo]).toEqual([0, 255, 7]);
    expect(maria.at.toISOString()).toBe('2026-11-30T08:15:00.123Z');
  });

  test('asks for the parameters’ types once per statement, then goes in one trip', async () => {
    const text = 'SELECT guest FROM bookings WHERE paid = $1 AND id > $2';
    trips = 0;
    expect((await oneTrip(text, [true, 0], undefined, false)).rows).toEqual([{ guest: 'Μαρία Παπαδοπούλου' }]);
    expect(trips).toBe(2);
    trips = 0;
    expect((await oneTrip(text, [false, 0], undefined, false)).rows).toEqual([{ guest: "O'Brien; DROP TABLE bookings" }]);
    expect((await oneTrip('SELECT count(*)::int AS n FROM bookings', [], undefined, false)).rows).toEqual([{ n: 2 }]);
    expect(trips).toBe(2);
  });

  test("fails as PGlite's query fails, with the statement attached, and the next statement runs", async () => {
    const error = await oneTrip(INSERT, ROWS[0], undefined, false).catch((e: unknown) => e);
    const plainError = await plain.query(INSERT, ROWS[0]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'bookings_pkey', query: INSERT });
    expect((error as Error).message).toBe((plainError as Error).message);
    const syntax = await oneTrip('SELEC 1', [], undefined, false).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await oneTrip(SELECT, [2], undefined, false)).rows).toHaveLength(1);
  });

  test('a statement outside a transaction waits for it; one inside runs in it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside: unknown;
    const transaction = client.transaction(async () => {
      await oneTrip(INSERT, [3, 'Eleni', true, new Date(), null, [], null, null], undefined, true);
      inside = (await oneTrip('SELECT count(*)::int AS n FROM bookings', [], undefined, true)).rows;
      await held;
      throw new Error('changed my mind');
    });
    const outside = oneTrip<{ n: number }>('SELECT count(*)::int AS n FROM bookings', [], undefined, false);
    let outsideDone = false;
    void outside.then(() => (outsideDone = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(outsideDone).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('changed my mind');
    expect(inside).toEqual([{ n: 3 }]);
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  test('notices and notifications reach their listeners', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('bookings_changed', (payload) => heard.push(payload));
    const notices: string[] = [];
    await oneTrip("SELECT pg_notify('bookings_changed', $1)", ['Μαρία'], { onNotice: (n) => notices.push(n.message ?? '') }, false);
    await oneTrip("DO $$ BEGIN RAISE NOTICE 'checked %', 2; END $$", [], { onNotice: (n) => notices.push(n.message ?? '') }, false);
    await expect.poll(() => heard).toEqual(['Μαρία']);
    expect(notices).toEqual(['checked 2']);
    await unlisten();
  });

  test("a changed column's type is asked for again", async () => {
    const text = 'SELECT guest FROM bookings WHERE price = $1';
    expect((await oneTrip(text, ['129.50'], undefined, false)).rows).toHaveLength(1);
    await oneTrip('ALTER TABLE bookings ALTER COLUMN price TYPE jsonb USING to_jsonb(price)', [], undefined, false);
    // Written as jsonb now: a number's JSON, which a numeric's serializer would not give for an object.
    expect((await oneTrip(text, [{ amount: 1 }], undefined, false)).rows).toEqual([]);
    expect((await oneTrip(text, [129.5], undefined, false)).rows).toEqual([{ guest: 'Μαρία Παπαδοπούλου' }]);
  });
});
