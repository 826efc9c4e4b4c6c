import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { sessions } from '../../../core/server/db/tables';

/** "Last seen" is kept to the minute: finer would be a write on every request. */
const EVERY_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Refreshes a session's last_seen_at at most once a minute. The database
 * condition makes it right across replicas; the per-process memory only
 * saves the statement in between (losing it costs one extra update). The
 * update touches no column the session check reads, so it empties no cache
 * (migration 0011).
 */
export function sessionToucher() {
  const touched = new Map<string, number>();
  return async (db: Db, sessionId: string): Promise<void> => {
    const now = Date.now();
    const last = touched.get(sessionId);
    if (last !== undefined && now - last < EVERY_MS) return;
    if (touched.size >= MAX_REMEMBERED) touched.clear();
    touched.set(sessionId, now);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  };
}
