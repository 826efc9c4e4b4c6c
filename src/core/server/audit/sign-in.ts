import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from '../http/http-error';
import { auditActorOf, recordAudit } from './record';

/**
 * A refused sign-in: nobody is signed in (no actor id); the e-mail tried is
 * kept, and the account's id when there is one. The reason is the answer's
 * kind, never the password tried.
 */
export async function recordFailedSignIn(db: Db, req: FastifyRequest, email: string, userId: string | null, reason: string): Promise<void> {
  await recordAudit(db, auditActorOf(req, { id: null, email }), {
    action: 'sign-in-failed',
    resource: 'users',
    recordId: userId,
    diff: { reason: { after: reason } },
  });
}

/** Runs a sign-in; an account the gate refuses (blocked, awaiting approval) is recorded as a failed one. */
export async function auditedSignIn<T>(db: Db, req: FastifyRequest, user: Record<string, unknown>, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403)
      await recordFailedSignIn(db, req, String(user.email), String(user.id), user.blocked ? 'blocked' : 'unconfirmed');
    throw err;
  }
}
