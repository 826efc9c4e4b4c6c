import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgliteRawRows } from '../../src/core/server/db/pglite-raw-rows';
import { statementName } from '../../src/core/server/db/pglite-prepared';

const CREATE = `CREATE TABLE bookings (id int PRIMARY KEY, guest text, paid boolean, at timestamptz, details jsonb,
  tags text[], photo bytea, price numeric, nights bigint, stay interval)`;
const FILL = `INSERT INTO bookings VALUES
  (1, 'Μαρία Παπαδοπούλου 🏖', true, '2026-11-30 08:15:00.123+00', '{"rooms": 2, "note": "sea \\"view\\""}',
   '{family,"late, quiet"}', '\\x00ff07', 129.50, 9007199254740991, '3 days 04:00:00'),
  (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`;
const BY_ID = `PREPARE booking_by_id(int) AS SELECT * FROM bookings WHERE id = $1`;
const FROM_ID = `PREPARE bookings_from(int) AS SELECT id, guest FROM bookings WHERE id >= $1 ORDER BY id`;

// The server's hot reads on PGlite skip its protocol parser: what they give must be what PGlite's own query gives.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a prepared read from the embedded database, parsed here', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`${CREATE}; ${FILL}; ${BY_ID}; ${FROM_ID}`);
  });
  afterAll(async () => client?.close());

  test("every kind of value, filled and empty, as PGlite's query gives it; no row is no row", async () => {
    for (const id of ['1', '2', '3']) {
      expect(await pgliteRawRows(client, 'booking_by_id', [id])).toEqual((await client.query(`EXECUTE booking_by_id(${id})`)).rows);
    }
    const [maria] = (await pgliteRawRows(client, 'booking_by_id', ['1'])) ?? [];
    expect(maria).toMatchObject({ guest: 'Μαρία Παπαδοπούλου 🏖', paid: true, tags: ['family', 'late, quiet'], price: '129.50' });
    expect(maria.details).toEqual({ rooms: 2, note: 'sea "view"' });
    expect([...(maria.photo as Uint8Array)]).toEqual([0, 255, 7]);
    expect((maria.at as Date).toISOString()).toBe('2026-11-30T08:15:00.123Z');
    expect(await pgliteRawRows(client, 'booking_by_id', ['3'])).toEqual([]);
  });

  test('an answer larger than one chunk of the database arrives whole', async () => {
    await client.exec(`INSERT INTO bookings (id, guest) SELECT n, repeat('Ελένη ', 40) || n FROM generate_series(100, 5099) AS n`);
    try {
      const rows = (await pgliteRawRows(client, 'bookings_from', ['100'])) ?? [];
      expect(rows).toHaveLength(5000);
      expect(rows[4999]).toEqual({ id: 5099, guest: `${'Ελένη '.repeat(40)}5099` });
      expect(rows).toEqual((await client.query('EXECUTE bookings_from(100)')).rows);
    } finally {
      await client.exec('DELETE FROM bookings WHERE id >= 100');
    }
  });

  test('an error is left to the caller to ask again, and the session goes on', async () => {
    expect(await pgliteRawRows(client, 'booking_by_id', ['not a number'])).toBeUndefined();
    expect(await pgliteRawRows(client, 'no_such_statement', [])).toBeUndefined();
    await expect(client.query(`EXECUTE booking_by_id('not a number')`)).rejects.toMatchObject({ code: '22P02' });
    expect(await pgliteRawRows(client, 'booking_by_id', ['2'])).toEqual([expect.objectContaining({ id: 2, guest: null })]);
  });

  test('waits for an open transaction, then sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = client.transaction(async (tx) => {
      await tx.query(`UPDATE bookings SET guest = 'Νίκος' WHERE id = 2`);
      await held;
    });
    const reading = pgliteRawRows(client, 'booking_by_id', ['2']);
    let readFirst = false;
    void reading.then(() => (readFirst = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFirst).toBe(false);
    release();
    await writing;
    expect((await reading)?.[0]).toMatchObject({ guest: 'Νίκος' });
    await client.exec(`UPDATE bookings SET guest = NULL WHERE id = 2`);
  });

  test('a statement is found by the name PREPARE gave it: lowercased, a long one cut and told apart by a hash', async () => {
    const long = `Get_Order_Items_${'Ruled_'.repeat(12)}`;
    const [a, b] = [statementName(`${long}A`), statementName(`${long}B`)];
    expect(a).toHaveLength(63);
    expect(a).not.toBe(b);
    expect(statementName('Get_Users_By_Id')).toBe('get_users_by_id');
    await client.exec(`PREPARE ${a} AS SELECT 'a' AS which; PREPARE ${b} AS SELECT 'b' AS which; PREPARE Mixed_Case AS SELECT 1 AS one`);
    expect(await pgliteRawRows(client, a, [])).toEqual([{ which: 'a' }]);
    expect(await pgliteRawRows(client, b, [])).toEqual([{ which: 'b' }]);
    expect(await pgliteRawRows(client, statementName('Mixed_Case'), [])).toEqual([{ one: 1 }]);
  });

  test('notifications reach their listeners, none is held back for a later read', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('bookings_changed', (payload) => heard.push(payload));
    try {
      await client.query(`SELECT pg_notify('bookings_changed', 'one')`);
      await client.transaction(async (tx) => {
        await tx.query(`NOTIFY bookings_changed, 'two'`);
      });
      for (let i = 0; i < 3; i++) expect(await pgliteRawRows(client, 'booking_by_id', ['1'])).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await unlisten();
    }
  });
});
