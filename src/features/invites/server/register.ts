import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { invitesT, notificationsT, permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../server/db/tables';
import { conflict, HttpError } from '../../../server/http/http-error';
import { hashPassword } from '../../../server/security/passwords';
import { validation } from './invite-view';

export const NEW_REGISTRATION_TITLE = 'New registration awaiting approval';

/** The link of a registration's notification: the invites screen, naming the invite (so a decision can find it). */
export const registrationLink = (inviteId: string) => `/admin/invites?invite=${inviteId}`;

export interface Registration {
  token: string;
  name: string;
  email: string;
  password?: string;
  googleSub?: string;
  image?: string | null;
}

export const APPROVE_ROUTE = '/api/auth/invites/:id/approve';

/** Why an invite cannot be used, in the words the accept-invite page shows. */
async function refusal(db: Db, token: string, email: string): Promise<HttpError> {
  const [row] = await db.select().from(invitesT).where(eq(invitesT.token, token));
  const v = validation(row);
  if (v.expired) return new HttpError(410, 'This invite has expired.');
  if (v.consumed) return new HttpError(409, 'This invite has already been used.');
  if (row && row.email && row.email !== email) return new HttpError(403, 'Email is locked to the invited address.');
  return new HttpError(404, 'Invite not valid.');
}

/**
 * Registers an unconfirmed account on an invite. The invite is claimed by a
 * single conditional UPDATE inside the transaction, so one invite registers
 * one account even when requests race; a failure rolls the claim back.
 */
export async function registerWithInvite(db: Db, reg: Registration): Promise<{ userId: string; inviteId: string }> {
  const email = reg.email.trim().toLowerCase();
  const passwordHash = reg.password ? await hashPassword(reg.password) : null;
  let result: { userId: string; inviteId: string } | null = null;
  try {
    result = await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(invitesT)
        .set({ status: 'submitted' })
        .where(
          and(
            eq(invitesT.token, reg.token),
            eq(invitesT.status, 'not used'),
            gt(invitesT.expiresAt, sql`now()`),
            or(isNull(invitesT.email), eq(invitesT.email, email)),
          ),
        )
        .returning({ id: invitesT.id });
      if (!invite) return null;
      const [user] = await tx
        .insert(usersT)
        .values({
          name: reg.name.trim(),
          email,
          passwordHash,
          googleSub: reg.googleSub ?? null,
          image: reg.image ?? null,
          confirmed: false,
          blocked: false,
        })
        .returning({ id: usersT.id });
      await tx.update(invitesT).set({ registrant: user.id }).where(eq(invitesT.id, invite.id));
      return { userId: String(user.id), inviteId: String(invite.id) };
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505')
      throw conflict('An account with this email already exists. Sign in instead.', {
        email: 'An account with this email already exists.',
      });
    throw err;
  }
  if (!result) throw await refusal(db, reg.token, email);
  await notifyApprovers(db, reg.name.trim(), email, result.inviteId);
  return result;
}

/** Every user who may approve invites (superadmins and holders of the approve permission). */
async function notifyApprovers(db: Db, name: string, email: string, inviteId: string): Promise<void> {
  const approvers = await db
    .selectDistinct({ id: userRolesT.user })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .innerJoin(usersT, eq(usersT.id, userRolesT.user))
    .where(
      and(
        eq(usersT.confirmed, true),
        eq(usersT.blocked, false),
        or(
          eq(rolesT.type, 'superadmin'),
          inArray(
            userRolesT.role,
            db
              .select({ id: rolePermissionsT.ownerId })
              .from(rolePermissionsT)
              .innerJoin(permissionsT, eq(permissionsT.id, rolePermissionsT.targetId))
              .where(and(eq(permissionsT.method, 'POST'), eq(permissionsT.route, APPROVE_ROUTE))),
          ),
        ),
      ),
    );
  if (!approvers.length) return;
  await db.insert(notificationsT).values(
    approvers.map((a) => ({
      user: a.id,
      title: NEW_REGISTRATION_TITLE,
      body: `${name} <${email}> registered with an invite.`,
      link: registrationLink(inviteId),
    })),
  );
}
