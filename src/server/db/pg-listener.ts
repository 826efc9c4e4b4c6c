import pg from 'pg';

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTENs on a channel over its own connection (a pooled one would be handed
 * to other queries). While the connection is down `onLive(false)` tells the
 * subscriber that notifications may be missed; it reconnects with backoff and
 * says `onLive(true)` once listening again.
 */
/** Longest wait between two reconnection attempts: service resumes within it once the database is back. */
const MAX_RETRY_MS = 2000;

export function listenPg(
  url: string,
  channel: string,
  onNotify: () => void,
  onLive: (live: boolean) => void,
  onError: (err: Error) => void = () => undefined,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 100;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const down = () => {
      if (lost) return;
      lost = true;
      onLive(false);
      c.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(() => connect().catch(() => undefined), delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    };
    // Every client keeps an 'error' listener for its whole life: an unhandled one ends the process.
    c.on('error', (err) => {
      if (!lost && !closed) onError(err);
      down();
    });
    c.on('end', down);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      down();
      throw err;
    }
    delay = 100;
    onLive(true);
  };

  // A first failure is not fatal: the subscriber stays "not live" until a retry connects.
  return connect()
    .catch(() => undefined)
    .then(() => ({
      async close() {
        closed = true;
        clearTimeout(retry);
        onLive(false);
        await client?.end().catch(() => undefined);
      },
    }));
}
