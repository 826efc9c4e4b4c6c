import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { inTransaction } from '../../../core/server/db/transaction';
import { rolesT, userRolesT } from '../../../core/server/db/tables';
import { signSessionToken, type SessionKey } from '../../../core/server/security/jwt';
import { createSession, type SessionClient, type SessionOptions } from '../../../core/server/security/session-store';
import { assertMaySignIn } from './account-gate';
import { recordAudit } from '../../../core/server/audit/record';
import { roleRequiresTwoFactor } from '../../two-factor/server/requirement';
import { hasTwoFactor } from '../../two-factor/server/state';

export interface LoginUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface LoginResponse {
  token: string;
  user: { _id: string; name: string; email: string; image: string | null };
  role: { name: string; type: string } | null;
  twoFactorSetupRequired?: boolean;
}

/** The user's main role: superadmin first, then by name. */
export async function primaryRole(db: Db, userId: string): Promise<{ name: string; type: string } | null> {
  const [row] = await db
    .select({ name: rolesT.name, type: rolesT.type })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(eq(userRolesT.user, userId))
    .orderBy(sql`${rolesT.type} = 'superadmin' DESC`, asc(rolesT.name))
    .limit(1);
  return row ? { name: String(row.name), type: String(row.type ?? '') } : null;
}

/** Starts a session and answers the way login and Google sign-in do; the audit trail records the sign-in with it. */
export async function startSession(
  db: Db,
  secret: SessionKey,
  ttl: number,
  user: LoginUser,
  client?: SessionClient,
  opts: SessionOptions = {},
): Promise<LoginResponse> {
  const sid = await inTransaction(db, async (tx) => {
    const id = await createSession(tx, user.id, ttl, client, opts);
    await recordAudit(
      tx,
      { actorId: user.id, actorEmail: user.email, ip: client?.ip ?? null, userAgent: client?.userAgent ?? null },
      { action: 'sign-in', resource: 'users', recordId: user.id },
    );
    return id;
  });
  const token = await signSessionToken(secret, { sub: user.id, sid }, ttl);
  // A role requires two-factor sign-in the user has not set up: the client goes to the set-up screen first.
  const setupRequired = !opts.providerMfa && (await roleRequiresTwoFactor(db, user.id)) && !(await hasTwoFactor(db, user.id));
  return {
    token,
    user: { _id: user.id, name: user.name, email: user.email, image: user.image },
    role: await primaryRole(db, user.id),
    ...(setupRequired ? { twoFactorSetupRequired: true } : {}),
  };
}

/** Refuses blocked and unconfirmed accounts, then starts a session for a users row. */
export async function signIn(
  db: Db,
  secret: SessionKey,
  ttl: number,
  user: Record<string, unknown>,
  client?: SessionClient,
  opts: SessionOptions = {},
): Promise<LoginResponse> {
  assertMaySignIn(user);
  return startSession(
    db,
    secret,
    ttl,
    { id: String(user.id), name: String(user.name), email: String(user.email), image: (user.image as string | null) ?? null },
    client,
    opts,
  );
}
