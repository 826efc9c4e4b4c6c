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

/** The first wait before a reconnection attempt, doubled after each one that fails. */
const FIRST_RETRY_MS = 100;
/** Longest wait between two reconnection attempts: service resumes within it once the database is back. */
const MAX_RETRY_MS = 2000;

/** The state of one hub: its subscribers by channel and its one connection. */
interface Hub {
  url: string;
  onError: (err: Error) => void;
  channels: Map<string, Set<Subscriber>>;
  client: pg.Client | null;
  live: boolean;
  closed: boolean;
  retry: NodeJS.Timeout | undefined;
  delay: number;
  connecting: Promise<void> | null;
}

const listenSql = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

/** Tells every subscriber whether notifications arrive. */
function tell(hub: Hub, isLive: boolean) {
  for (const subs of hub.channels.values()) for (const s of subs) s.onLive(isLive);
}

/** Tries to connect again after the current delay, and doubles it (up to MAX_RETRY_MS). */
function scheduleReconnect(hub: Hub) {
  hub.retry = setTimeout(() => void (hub.connecting = connect(hub).catch(() => undefined)), hub.delay);
  hub.delay = Math.min(hub.delay * 2, MAX_RETRY_MS);
}

/**
 * Follows the connection `c`: its notifications go to their channel's
 * subscribers; once it errs or ends (whichever comes first) it is lost:
 * subscribers hear `onLive(false)` and, unless the hub is closed, a
 * reconnection is scheduled. Returns what marks it lost.
 */
function watchConnection(hub: Hub, c: pg.Client): () => void {
  let lost = false;
  const down = () => {
    if (lost) return;
    lost = true;
    if (hub.client === c) hub.client = null;
    const wasLive = hub.live;
    hub.live = false;
    if (wasLive) tell(hub, false);
    c.end().catch(() => undefined);
    if (!hub.closed) scheduleReconnect(hub);
  };
  // Every client keeps an 'error' listener for its whole life: an unhandled one ends the process.
  c.on('error', (err) => {
    if (!lost && !hub.closed) hub.onError(err);
    down();
  });
  c.on('end', down);
  c.on('notification', (n) => {
    for (const s of hub.channels.get(n.channel) ?? []) s.onNotify(n.payload ?? '');
  });
  return down;
}

/** Opens the hub's connection and LISTENs on every channel; a failure schedules the next attempt and throws. */
async function connect(hub: Hub): Promise<void> {
  const c = new pg.Client({ connectionString: hub.url });
  hub.client = c;
  const down = watchConnection(hub, c);
  try {
    await c.connect();
    for (const channel of hub.channels.keys()) await c.query(listenSql(channel));
  } catch (err) {
    down();
    throw err;
  }
  hub.delay = FIRST_RETRY_MS;
  hub.live = true;
  tell(hub, true);
}

/**
 * Every LISTEN of this process over ONE connection of its own (a pooled one
 * would be handed to other queries): cache invalidations, notification
 * events, whatever comes next, without a connection each. While the
 * connection is down every subscriber is told `onLive(false)` (notifications
 * may be missed meanwhile); it reconnects with backoff, LISTENs again on every
 * channel, and says `onLive(true)`. Opened on the first subscription.
 */
export function createListenHub(url: string, onError: (err: Error) => void = () => undefined): ListenHub {
  const hub: Hub = {
    url,
    onError,
    channels: new Map(),
    client: null,
    live: false,
    closed: false,
    retry: undefined,
    delay: FIRST_RETRY_MS,
    connecting: null,
  };

  return {
    async listen(channel, sub) {
      let subs = hub.channels.get(channel);
      const isNew = !subs;
      if (!subs) hub.channels.set(channel, (subs = new Set()));
      subs.add(sub);
      // A first failure is not fatal: the subscriber stays "not live" until a retry connects.
      if (!hub.client && !hub.connecting) hub.connecting = connect(hub).catch(() => undefined);
      await hub.connecting;
      if (isNew && hub.client && hub.live) {
        try {
          await hub.client.query(listenSql(channel));
        } catch {
          // The connection broke: its reconnection LISTENs on every channel.
        }
      }
      if (hub.live) sub.onLive(true);
      return async () => {
        subs.delete(sub);
        sub.onLive(false);
      };
    },
    async close() {
      hub.closed = true;
      clearTimeout(hub.retry);
      tell(hub, false);
      hub.channels.clear();
      await hub.client?.end().catch(() => undefined);
    },
  };
}
