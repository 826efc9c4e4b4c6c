import pg from 'pg';

export interface Subscriber {
  onNotify: (payload: string) => void;
  onLive: (live: boolean) => void;
}

export interface ListenHub {
  /** Subscribes to `channel`; resolves to the unsubscribe function. */
  listen(channel: string, sub: Subscriber): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Longest wait between two reconnection attempts: service resumes within it once the database is back. */
const MAX_RETRY_MS = 2000;

/**
 * Every LISTEN of this process over ONE connection of its own (a pooled one
 * would be handed to other queries): cache invalidations, notification
 * events, whatever comes next, without a connection each. While the
 * connection is down every subscriber is told `onLive(false)` (notifications
 * may be missed meanwhile); it reconnects with backoff, LISTENs again on every
 * channel, and says `onLive(true)`. Opened on the first subscription.
 */
export function createListenHub(url: string, onError: (err: Error) => void = () => undefined): ListenHub {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 100;
  let connecting: Promise<void> | null = null;

  const tell = (isLive: boolean) => {
    for (const subs of channels.values()) for (const s of subs) s.onLive(isLive);
  };
  const listenSql = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const down = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      const wasLive = live;
      live = false;
      if (wasLive) tell(false);
      c.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(() => void (connecting = connect().catch(() => undefined)), delay);
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
      for (const s of channels.get(n.channel) ?? []) s.onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      for (const channel of channels.keys()) await c.query(listenSql(channel));
    } catch (err) {
      down();
      throw err;
    }
    delay = 100;
    live = true;
    tell(true);
  };

  return {
    async listen(channel, sub) {
      let subs = channels.get(channel);
      const isNew = !subs;
      if (!subs) channels.set(channel, (subs = new Set()));
      subs.add(sub);
      // A first failure is not fatal: the subscriber stays "not live" until a retry connects.
      if (!client && !connecting) connecting = connect().catch(() => undefined);
      await connecting;
      if (isNew && client && live) {
        try {
          await client.query(listenSql(channel));
        } catch {
          // The connection broke: its reconnection LISTENs on every channel.
        }
      }
      if (live) sub.onLive(true);
      return async () => {
        subs.delete(sub);
        sub.onLive(false);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      tell(false);
      channels.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
