import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { invitesT, notificationsT, permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import { conflict, HttpError } from '../../../core/server/http/http-error';
import { createRecord } from '../../../core/server/crud/repository';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import type { AuditActor } from '../../../core/server/audit/record';
import { resourceByName } from '../../../../resources/set';
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

/** The invite is no longer open to this registration (its refusal says why). */
class InviteUnavailable extends Error {}

/**
 * Registers an unconfirmed account on an invite: the users resource's create
 * (normalization, required fields, the password's hash, its audit entry),
 * with the invite's steps in the same transaction. The invite is claimed by a
 * single conditional UPDATE before the account is written, so one invite
 * registers one account even when requests race; the approvers'
 * notifications commit with the account, or neither does.
 */
export async function registerWithInvite(
  db: Db,
  reg: Registration,
  ctx: { storage: FileStorage; actor: AuditActor },
): Promise<{ userId: string; inviteId: string }> {
  const email = reg.email.trim().toLowerCase();
  const name = reg.name.trim();
  let inviteId = '';
  const body: Record<string, unknown> = { name, email, confirmed: false, blocked: false };
  if (reg.password) body.password = reg.password;
  if (reg.image) body.image = reg.image;
  try {
    const user = await createRecord(db, resourceByName('users'), body, {
      storage: ctx.storage,
      audit: { actor: ctx.actor, action: 'register' },
      hooks: {
        before: async (tx) => {
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
          if (!invite) throw new InviteUnavailable();
          inviteId = String(invite.id);
        },
        after: async (tx, _change, userId) => {
          // Kept by the server, never written through the API: the Google account this one signs in with.
          if (reg.googleSub) await tx.update(usersT).set({ googleSub: reg.googleSub }).where(eq(usersT.id, userId));
          await tx.update(invitesT).set({ registrant: userId }).where(eq(invitesT.id, inviteId));
          await notifyApprovers(tx, name, email, inviteId);
        },
      },
    });
    return { userId: user._id, inviteId };
  } catch (err) {
    if (err instanceof InviteUnavailable) throw await refusal(db, reg.token, email);
    if (err instanceof HttpError && err.statusCode === 409)
      throw conflict('An account with this email already exists. Sign in instead.', {
        email: 'An account with this email already exists.',
      });
    throw err;
  }
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
