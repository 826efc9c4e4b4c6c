import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/tables';

export async function createSession(db: Db, userId: string, ttlSeconds: number): Promise<string> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return row.id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keep` (the one making the change). */
export async function revokeUserSessions(db: Db, userId: string, keep?: string): Promise<void> {
  const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keep) conds.push(ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conds));
}
