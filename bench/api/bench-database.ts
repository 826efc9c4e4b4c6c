import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The mark a database this bench created carries (COMMENT ON DATABASE): only such a one is ever dropped. */
const MARK = 'created by bench/api for one run; dropped at its end';

async function onServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface BenchDatabase {
  url: string;
  /** Whether this run created it (and so will drop it). */
  own: boolean;
  /** Drops the database if this run created it; leaves a given one alone. */
  release(): Promise<void>;
}

/**
 * The PostgreSQL database a bench run uses: the one BENCH_DATABASE_URL names
 * (used as it is, never created or dropped), else a new one under a unique
 * name on the server `serverUrl` points at (CREATE DATABASE fails rather
 * than touch one that exists; `prefix` tells one bench's from another's), dropped at the end only if it still carries
 * this bench's mark.
 */
export async function benchDatabase(
  serverUrl: string,
  given = process.env.BENCH_DATABASE_URL,
  prefix = 'bench_api',
): Promise<BenchDatabase> {
  if (given) return { url: given, own: false, release: async () => undefined };
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await onServer(serverUrl, async (c) => {
    await c.query(`CREATE DATABASE ${name}`);
    await c.query(`COMMENT ON DATABASE ${name} IS '${MARK}'`);
  });
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), own: true, release: async () => void (await dropIfBenchMade(serverUrl, name)) };
}

/** Drops `name` only when it carries the bench's mark; says so otherwise. */
export async function dropIfBenchMade(serverUrl: string, name: string): Promise<boolean> {
  return onServer(serverUrl, async (c) => {
    const { rows } = await c.query<{ mark: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (rows[0]?.mark !== MARK) return false;
    await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
    return true;
  });
}
