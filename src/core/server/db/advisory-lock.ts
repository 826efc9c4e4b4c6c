import pg from 'pg';

/** The advisory lock key of start-up work (migrations, seed): any fixed number all replicas agree on. */
const STARTUP_LOCK = 7_231_013;

/**
 * Runs `work` holding a PostgreSQL session-level advisory lock, on a
 * connection of its own: replicas starting together on one database take
 * turns, so only the first migrates and seeds, and the others find it done.
 * If the holder dies, its session ends and the lock with it.
 */
export async function withAdvisoryLock<T>(url: string, onError: (err: Error) => void, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', onError);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
