import { readNotificationStream, STREAM_URL, type StreamEvent } from '../../src/features/notifications/admin/notificationStream';

/** Opens a stream and collects its events; `next` waits (up to 2 s) for one matching. */
export function openStream(base: string, token: string) {
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  const abort = new AbortController();
  const done = readNotificationStream(
    base + STREAM_URL,
    token,
    (e) => {
      events.push(e);
      for (const w of waiters.splice(0)) w();
    },
    abort.signal,
  ).then(
    () => 'ended' as const,
    (err: Error) => (abort.signal.aborted ? ('aborted' as const) : err),
  );
  const next = async (match: (e: StreamEvent) => boolean, timeoutMs = 2000): Promise<StreamEvent> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = events.find(match);
      if (hit) {
        events.splice(events.indexOf(hit), 1);
        return hit;
      }
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return { next, done, close: () => abort.abort() };
}
