import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { invitesT, usersT } from '../../../core/server/db/tables';
import { conflict, HttpError } from '../../../core/server/http/http-error';
import { createRecord, storeVersion } from '../../../core/server/crud/repository';
import { queueEvent } from '../../../core/server/crud/change-events';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import type { AuditActor } from '../../../core/server/audit/record';
import { resourceByName } from '../../../../resources/set';
import { validation } from './invite-view';
import { notifyApprovers } from './notify-approvers';

export interface Registration {
  token: string;
  name: string;
  email: string;
  password?: string;
  googleSub?: string;
  /** The OpenID Provider's subject (src/features/oidc/). */
  oidcSub?: string;
  image?: string | null;
}

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
          // Kept by the server, never written through the API: the Google (or OpenID) account this one signs in with.
          if (reg.googleSub) await tx.update(usersT).set({ googleSub: reg.googleSub }).where(eq(usersT.id, userId));
          if (reg.oidcSub) await tx.update(usersT).set({ oidcSub: reg.oidcSub }).where(eq(usersT.id, userId));
          await tx.update(invitesT).set({ registrant: userId }).where(eq(invitesT.id, inviteId));
          await notifyApprovers(tx, { id: userId, name, email }, inviteId);
          // Nobody is signed in: the registrant is the writer.
          await storeVersion(tx, resourceByName('invites'), inviteId, 'update', { files: ctx.storage, actorId: userId });
          await queueEvent(tx, 'invite.submitted', { resource: 'invites', id: inviteId, user: userId }, 'invites');
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
