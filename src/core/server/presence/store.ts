import { and, asc, eq, gt, lt, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { editPresence } from '../db/system-tables';
import { users } from '../db/schema-users';
import { PRESENCE_STALE_SECONDS, type Editor } from '../../shared/api/presence';

/** A record open in one session. */
export interface PresenceKey {
  resource: string;
  recordId: string;
}

const ofRecord = (k: PresenceKey) => and(eq(editPresence.resource, k.resource), eq(editPresence.recordId, k.recordId));
const fresh = sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`;

/** The people other than `userId` with the record open now, earliest first (several tabs of one person count once). */
export async function editorsOf(db: Db, k: PresenceKey, userId: string): Promise<Editor[]> {
  const rows = await db
    .select({ userId: editPresence.userId, name: users.name, since: min(editPresence.since) })
    .from(editPresence)
    .innerJoin(users, eq(users.id, editPresence.userId))
    .where(and(ofRecord(k), gt(editPresence.seenAt, fresh), ne(editPresence.userId, userId)))
    .groupBy(editPresence.userId, users.name)
    .orderBy(asc(min(editPresence.since)));
  return rows.map((r) => ({ userId: String(r.userId), name: String(r.name ?? ''), since: new Date(String(r.since)).toISOString() }));
}

/**
 * The heartbeat: this session has the record open (since its first beat).
 * Rows of the record no longer seen go (their delete tells the others).
 */
export async function join(db: Db, k: PresenceKey, sessionId: string, userId: string): Promise<void> {
  await db.delete(editPresence).where(and(ofRecord(k), lt(editPresence.seenAt, fresh)));
  await db
    .insert(editPresence)
    .values({ resource: k.resource, recordId: k.recordId, sessionId, userId })
    .onConflictDoUpdate({ target: [editPresence.resource, editPresence.recordId, editPresence.sessionId], set: { seenAt: sql`now()` } });
}

export async function leave(db: Db, k: PresenceKey, sessionId: string): Promise<void> {
  await db.delete(editPresence).where(and(ofRecord(k), eq(editPresence.sessionId, sessionId)));
}

/** The users with the record open now (whose streams hear of a change). */
export async function presentUsers(db: Db, k: PresenceKey): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: editPresence.userId })
    .from(editPresence)
    .where(and(ofRecord(k), gt(editPresence.seenAt, fresh)));
  return rows.map((r) => String(r.userId));
}
