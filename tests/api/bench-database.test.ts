import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { benchDatabase, dropIfBenchMade } from '../../bench/api/bench-database';
import { onServer } from './template';

// The API bench on PostgreSQL: it works in a database it created under a
// unique name and drops only that; a database it did not create, such as one
// named like its old fixed `bench_api`, is never dropped.
const serverUrl = process.env.DATABASE_URL;
const existing = `bench_api_existing_${process.pid}`;

describe.skipIf(!serverUrl)('the bench database', () => {
  afterAll(() => onServer((c) => c.query(`DROP DATABASE IF EXISTS ${existing} WITH (FORCE)`)));

  test('is a new one per run, dropped at the end; a database the bench did not make survives', async () => {
    await onServer((c) => c.query(`CREATE DATABASE ${existing}`));
    const a = await benchDatabase(serverUrl!, '');
    const b = await benchDatabase(serverUrl!, '');
    expect(a.url).not.toBe(b.url);
    expect([a.own, b.own]).toEqual([true, true]);
    const c = new pg.Client({ connectionString: a.url });
    await c.connect();
    await c.query('CREATE TABLE t (x int)');
    await c.end();
    await a.release();
    await b.release();
    expect(await dropIfBenchMade(serverUrl!, existing)).toBe(false);
    const names = await onServer(async (cl) =>
      (await cl.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((r) => r.datname),
    );
    expect(names).toContain(existing);
    expect(names).not.toContain(new URL(a.url).pathname.slice(1));
    expect(names).not.toContain(new URL(b.url).pathname.slice(1));
  });

  test('BENCH_DATABASE_URL is used as given and never dropped', async () => {
    const u = new URL(serverUrl!);
    u.pathname = `/${existing}`;
    const given = await benchDatabase(serverUrl!, u.toString());
    expect(given).toMatchObject({ url: u.toString(), own: false });
    await given.release();
    const names = await onServer(async (cl) =>
      (await cl.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((r) => r.datname),
    );
    expect(names).toContain(existing);
  });
});
