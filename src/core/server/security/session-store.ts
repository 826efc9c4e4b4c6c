import { queueEvent } from '../crud/change-events';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/tables';

/** Where a session was started from: shown in "Where you're signed in". */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A user agent is the client's to write: kept short, never trusted. */
const UA_MAX = 500;

/** How a session was proven beyond the first factor. */
export interface SessionOptions {
  /** The identity provider did multi-factor sign-in, trusted by OIDC_TRUST_AMR: a role's two-factor requirement is met. */
  providerMfa?: boolean;
}

export async function createSession(
  db: Db,
  userId: string,
  ttlSeconds: number,
  client?: SessionClient,
  opts: SessionOptions = {},
): Promise<string> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sessions)
      .values({
        userId,
        expiresAt,
        ip: client?.ip ?? null,
        userAgent: client?.userAgent?.slice(0, UA_MAX) ?? null,
        providerMfa: opts.providerMfa ?? false,
      })
      .returning({ id: sessions.id });
    // Told with the session it starts: `data.record`, for an endpoint that asks, is the user.
    await queueEvent(tx, 'user.signed_in', { resource: 'users', id: userId }, 'users');
    return row.id;
  });
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keep` (the one making the change). Returns how many ended. */
export async function revokeUserSessions(db: Db, userId: string, keep?: string): Promise<number> {
  const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keep) conds.push(ne(sessions.id, keep));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conds))
    .returning({ id: sessions.id });
  return ended.length;
}
