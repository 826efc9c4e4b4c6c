import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { twoFactorRecoveryCodes, twoFactorTickets, userTwoFactor } from '../../../core/server/db/tables';
import { matchingStep } from './totp';
import { openSecret } from './secret-box';

export interface TwoFactorRow {
  enabled: boolean;
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

export async function twoFactorOf(db: Db, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db
    .select({
      enabled: userTwoFactor.enabled,
      secret: userTwoFactor.secret,
      pendingSecret: userTwoFactor.pendingSecret,
      lastStep: userTwoFactor.lastStep,
    })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return row ?? null;
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  return Boolean((await twoFactorOf(db, userId))?.enabled);
}

/**
 * Accepts a code made from the user's enabled secret once: the step it was
 * made for must be later than the last step accepted, and recording it is a
 * conditional update, so two requests with one code cannot both pass.
 */
export async function acceptCode(db: Db, key: Buffer, userId: string, code: string, sealed?: string | null): Promise<boolean> {
  const row = sealed === undefined ? await twoFactorOf(db, userId) : null;
  const secret = openSecret(key, userId, sealed === undefined ? (row?.enabled ? row.secret : null) : sealed);
  if (!secret) return false;
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const [claimed] = await db
    .update(userTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return Boolean(claimed);
}

/** Turns two-factor sign-in off: secret, recovery codes and waiting tickets go. */
export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorTickets).where(eq(twoFactorTickets.userId, userId));
}
