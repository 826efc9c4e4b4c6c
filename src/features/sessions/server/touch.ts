import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { sessions } from '../../../core/server/db/tables';
import { perKeyThrottle } from '../../../core/server/http/per-key-throttle';

/** "Last seen" is kept to the minute: finer would be a write on every request. */
const EVERY_MS = 60_000;

/**
 * Refreshes a session's last_seen_at at most once a minute. The update
 * touches no column the session check reads, so it empties no cache
 * (migration 0011).
 */
export function sessionToucher() {
  const due = perKeyThrottle(EVERY_MS);
  return async (db: Db, sessionId: string): Promise<void> => {
    if (!due(sessionId)) return;
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  };
}
