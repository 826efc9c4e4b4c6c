import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { twoFactorTickets } from '../../../core/server/db/tables';
import { hashToken, newToken } from '../../../core/server/security/random-token';

/** A ticket lives five minutes, works once, and stands five wrong codes. */
export const TICKET_TTL_MS = 5 * 60 * 1000;
export const TICKET_MAX_FAILURES = 5;

/** A ticket for the second step of a sign-in; only its hash is stored (several replicas read it). */
export async function issueTicket(db: Db, userId: string): Promise<string> {
  const { token, hash } = newToken();
  // Old tickets of anyone go at the same time: the table stays small without a job.
  await db.delete(twoFactorTickets).where(lt(twoFactorTickets.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(twoFactorTickets).values({ ticketHash: hash, userId, expiresAt: new Date(Date.now() + TICKET_TTL_MS).toISOString() });
  return token;
}

const live = (ticket: string) =>
  and(
    eq(twoFactorTickets.ticketHash, hashToken(ticket)),
    isNull(twoFactorTickets.usedAt),
    gt(twoFactorTickets.expiresAt, sql`now()`),
    lt(twoFactorTickets.failedAttempts, TICKET_MAX_FAILURES),
  );

/** The user of a live ticket (not used, not expired, not worn out by wrong codes), or null. */
export async function ticketUser(db: Db, ticket: string): Promise<string | null> {
  const [row] = await db.select({ userId: twoFactorTickets.userId }).from(twoFactorTickets).where(live(ticket));
  return row?.userId ?? null;
}

/** Marks the ticket used: true for the one request that does it. */
export async function consumeTicket(db: Db, ticket: string): Promise<boolean> {
  const [row] = await db
    .update(twoFactorTickets)
    .set({ usedAt: sql`now()` })
    .where(live(ticket))
    .returning({ id: twoFactorTickets.id });
  return Boolean(row);
}

export async function countFailure(db: Db, ticket: string): Promise<void> {
  await db
    .update(twoFactorTickets)
    .set({ failedAttempts: sql`${twoFactorTickets.failedAttempts} + 1` })
    .where(eq(twoFactorTickets.ticketHash, hashToken(ticket)));
}
