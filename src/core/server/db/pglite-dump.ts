import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's data directory as a tarball that is one consistent state of the
 * database, taken while the server keeps running.
 *
 * PGlite's own `dumpDataDir` only waits for the statement running, not for
 * an open transaction (drizzle's transactions hold PGlite's transaction
 * lock; each statement inside takes the query lock). Holding the
 * transaction lock too means the files are copied between transactions:
 * what the tarball holds is every committed transaction and nothing else.
 * `alsoWhileIdle` runs in the same pause, so whatever it records (the
 * uploaded files) matches that state. A checkpoint first writes changed
 * pages out, so a restore has little WAL to replay.
 */
export async function dumpWhileIdle(client: PGlite, alsoWhileIdle?: () => Promise<void>): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(async () => {
    const dump = await client.dumpDataDir('none');
    await alsoWhileIdle?.();
    return dump;
  });
}
