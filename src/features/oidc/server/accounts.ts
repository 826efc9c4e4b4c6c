import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { usersT } from '../../../core/server/db/tables';
import { HttpError } from '../../../core/server/http/http-error';
import { createRecord } from '../../../core/server/crud/repository';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import type { AuditActor } from '../../../core/server/audit/record';
import { resourceByName } from '../../../../resources/set';
import { registerWithInvite } from '../../invites/server/register';
import type { OidcConfig } from './oidc-config';
import type { OidcIdentity } from './id-token';
import { inviteRefusal, OidcRefusal } from './refusal';

type UserRow = typeof usersT.$inferSelect;

/** Whom the provider's identity is: an account (found, linked or made for an allowed domain), or a registration awaiting approval. */
export type Account = { kind: 'user'; user: UserRow } | { kind: 'registered'; userId: string };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

const byId = async (db: Db, id: string) => (await db.select().from(usersT).where(eq(usersT.id, id)))[0];

/**
 * Finds the account of a verified identity: by the provider's `sub`; else
 * by e-mail, linked only when the provider says the address is verified;
 * else a new account, with an invite or for an allowed domain. Anyone else
 * is refused and told to ask for an invite.
 */
export async function accountFor(
  db: Db,
  config: OidcConfig,
  id: OidcIdentity,
  opts: { invite: string | null; storage: FileStorage; actor: AuditActor },
): Promise<Account> {
  const [bySub] = await db.select().from(usersT).where(eq(usersT.oidcSub, id.sub));
  if (bySub) return { kind: 'user', user: bySub };
  if (!id.email || !id.emailVerified) {
    // Nothing to match or register by: an unverified address proves nothing about whose account it is.
    throw new OidcRefusal('email_unverified', id.email ? 'email_verified is not true' : 'no email claim');
  }
  const [byEmail] = await db.select().from(usersT).where(eq(usersT.email, id.email));
  if (byEmail) {
    // Linked to another subject of this provider already: not this person's to take over.
    if (byEmail.oidcSub && byEmail.oidcSub !== id.sub) throw new OidcRefusal('failed', 'the account is linked to another subject');
    await db.update(usersT).set({ oidcSub: id.sub }).where(eq(usersT.id, byEmail.id));
    return { kind: 'user', user: { ...byEmail, oidcSub: id.sub } };
  }
  const name = id.name ?? id.email;
  if (opts.invite) {
    try {
      const { userId } = await registerWithInvite(
        db,
        { token: opts.invite, name, email: id.email, oidcSub: id.sub },
        { storage: opts.storage, actor: opts.actor },
      );
      return { kind: 'registered', userId };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) throw inviteRefusal(err);
      throw err;
    }
  }
  if (config.allowedDomains.includes(domainOf(id.email))) {
    // The users resource's create (its checks, audit entry and version), the subject kept in the same transaction.
    const created = await createRecord(
      db,
      resourceByName('users'),
      { name, email: id.email, confirmed: true, blocked: false },
      {
        storage: opts.storage,
        audit: { actor: opts.actor, action: 'register' },
        hooks: {
          after: (tx, _change, userId) =>
            tx
              .update(usersT)
              .set({ oidcSub: id.sub })
              .where(eq(usersT.id, userId))
              .then(() => undefined),
        },
      },
    );
    return { kind: 'user', user: await byId(db, created._id) };
  }
  throw new OidcRefusal('no_account', 'no account, no invite, and the domain is not allowed');
}
