import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { oidcSignIns } from '../../../core/server/db/tables';

/** The redirect to the provider and its callback: the provider's login may take a while. */
const FLOW_MINUTES = 15;
/** The login page redeems the one-time code right after the callback's redirect. */
const COMPLETION_SECONDS = 120;

const random = () => randomBytes(32).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What the redirect to the provider carries: the browser holds `state`, the provider `nonce` and the challenge. */
export interface NewFlow {
  state: string;
  nonce: string;
  codeChallenge: string;
}

/** Rows whose sign-in is long over; purged as new ones start (no job needed, the table stays small). */
async function purgeOld(db: Db): Promise<void> {
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, sql`now() - interval '1 day'`));
}

/** Keeps a new sign-in in the database, so its callback may land on any replica. */
export async function startFlow(db: Db, opts: { invite?: string; nextPath?: string }): Promise<NewFlow> {
  await purgeOld(db);
  const state = random();
  const nonce = random();
  const codeVerifier = random();
  await db.insert(oidcSignIns).values({
    stateHash: sha256(state),
    nonce,
    codeVerifier,
    invite: opts.invite ?? null,
    nextPath: opts.nextPath ?? null,
    expiresAt: sql`now() + make_interval(mins => ${FLOW_MINUTES})`,
  });
  return { state, nonce, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
}

export interface ClaimedFlow {
  id: string;
  nonce: string;
  codeVerifier: string;
  invite: string | null;
  nextPath: string | null;
}

/**
 * Claims a sign-in by its state: one conditional update, so a state works
 * once even when two replicas receive it at the same moment. Null: unknown,
 * expired or already used.
 */
export async function claimState(db: Db, state: string): Promise<ClaimedFlow | null> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ stateUsedAt: sql`now()` })
    .where(and(eq(oidcSignIns.stateHash, sha256(state)), isNull(oidcSignIns.stateUsedAt), gt(oidcSignIns.expiresAt, sql`now()`)))
    .returning({
      id: oidcSignIns.id,
      nonce: oidcSignIns.nonce,
      codeVerifier: oidcSignIns.codeVerifier,
      invite: oidcSignIns.invite,
      nextPath: oidcSignIns.nextPath,
    });
  return row ?? null;
}

export type Outcome = 'sign-in' | 'registered';

/** The callback's result for the login page: a one-time code (its hash kept) naming whom it signs in. */
export async function leaveCompletion(db: Db, flowId: string, result: { userId: string; outcome: Outcome; mfa: boolean }): Promise<string> {
  const code = random();
  await db
    .update(oidcSignIns)
    .set({
      completionHash: sha256(code),
      userId: result.userId,
      outcome: result.outcome,
      mfa: result.mfa,
      // The verifier has done its work: nothing of it stays.
      codeVerifier: '',
      completionExpiresAt: sql`now() + make_interval(secs => ${COMPLETION_SECONDS})`,
    })
    .where(eq(oidcSignIns.id, flowId));
  return code;
}

export interface Completion {
  userId: string;
  outcome: Outcome;
  mfa: boolean;
}

/** Redeems a one-time code, once (a conditional update). Null: unknown, expired or used. */
export async function claimCompletion(db: Db, code: string): Promise<Completion | null> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(oidcSignIns.completionHash, sha256(code)),
        isNull(oidcSignIns.completedAt),
        gt(oidcSignIns.completionExpiresAt, sql`now()`),
        or(eq(oidcSignIns.outcome, 'sign-in'), eq(oidcSignIns.outcome, 'registered')),
      ),
    )
    .returning({ userId: oidcSignIns.userId, outcome: oidcSignIns.outcome, mfa: oidcSignIns.mfa });
  if (!row?.userId) return null;
  return { userId: row.userId, outcome: row.outcome === 'registered' ? 'registered' : 'sign-in', mfa: row.mfa };
}
