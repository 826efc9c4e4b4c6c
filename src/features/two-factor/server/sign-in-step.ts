import type { Db } from '../../../core/server/db/client';
import { assertMaySignIn } from '../../sign-in/server/account-gate';
import { signIn, type LoginResponse } from '../../sign-in/server/login-response';
import type { SessionKey } from '../../../core/server/security/jwt';
import type { SessionClient } from '../../../core/server/security/session-store';
import { hasTwoFactor } from './state';
import { issueTicket } from './tickets';

export type SignInStep = LoginResponse | { twoFactorRequired: true; ticket: string };

/**
 * After a right password (or Google account): a session, or, for a user
 * with two-factor sign-in, a ticket for the code step and no session.
 */
export async function firstStep(
  db: Db,
  secret: SessionKey,
  ttl: number,
  user: Record<string, unknown>,
  client?: SessionClient,
): Promise<SignInStep> {
  assertMaySignIn(user);
  if (await hasTwoFactor(db, String(user.id))) return { twoFactorRequired: true, ticket: await issueTicket(db, String(user.id)) };
  return signIn(db, secret, ttl, user, client);
}
