import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Static } from '../../../core/shared/api/schema';
import type { Session } from '../contract';
import type { Db } from '../../../core/server/db/client';
import { sessions } from '../../../core/server/db/tables';
import { isoDate } from '../../../core/server/crud/representation';
import { describeAgent } from './describe';

/** One live session, as the contract (../contract.ts) describes it. */
export type SessionView = Static<typeof Session>;

const live = (userId: string) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** A user's live sessions, most recently seen first; `currentId` is marked (and listed first). */
export async function liveSessions(db: Db, userId: string, currentId?: string): Promise<SessionView[]> {
  const rows = await db.select().from(sessions).where(live(userId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt)).limit(500);
  const views = rows.map((s) => ({
    _id: s.id,
    ...describeAgent(s.userAgent),
    ip: s.ip,
    createdAt: isoDate(s.createdAt),
    lastSeenAt: isoDate(s.lastSeenAt),
    expiresAt: isoDate(s.expiresAt),
    current: s.id === currentId,
  }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** Ends one live session of a user; false when the user has no such session. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), live(userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
