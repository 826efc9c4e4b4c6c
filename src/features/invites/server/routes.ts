import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { perAddress } from '../../../core/server/security/rate-limits';
import { DEFAULT_ROLE_TYPE } from '../../../core/server/db/seed-data';
import { invitesT, notificationsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import { HttpError, notFound } from '../../../core/server/http/http-error';
import { inviteToApi, validation, type InviteRow } from './invite-view';
import { registerWithInvite } from './register';
import { APPROVE_ROUTE } from './notify-approvers';
import { markRegistrationDone } from './registration-done';
import { approvedMail, mailLang } from '../../../core/server/mail/templates';
import { newToken } from '../../../core/server/security/random-token';
import { signedIn } from '../../../core/server/http/signed-in';
import { inTransaction } from '../../../core/server/db/transaction';
import { actorOf } from '../../../core/server/security/actor';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { assertMayActOn, assertMayGrantRole, guardRanks } from '../../../core/server/security/rank';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';
import { EMAIL_FORMAT_MESSAGE } from '../../../core/server/http/messages';
import { EMAIL_PATTERN } from '../../../core/field-kinds/text-rules';
import { accessThrough } from '../../../core/server/access/route-access';
import { mayRead } from '../../../core/server/access/access';
import { readableSql } from '../../../core/server/access/condition-sql';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import { resourceByName } from '../../../../resources/set';
import { storeVersion } from '../../../core/server/crud/repository';
import { queueEvent } from '../../../core/server/crud/change-events';
import { trashRecord } from '../../../core/server/trash/store';

const DEFAULT_HOURS = 48;

/** A registrant with the fields the reader may read. */
function registrantOf(name: string | null, email: string | null): { name?: string; email?: string } {
  return { ...(name !== null && { name }), ...(email !== null && { email }) };
}

/** Invitations with approval: create, list, delete, validate, register, approve, reject. */
export async function inviteRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.deps;
  /** Who a version written here is by, and where its pictures load from. */
  const by = (req: FastifyRequest) => ({ files: app.deps.storage, actorId: req.auth?.userId });
  const db = () => app.deps.database.db;
  const limited = { access: 'public' as const, rateLimit: perAddress(config.authRateLimit) };

  app.get('/api/auth/invites', { schema: contract.listInvites }, async (req) => {
    const { page, limit } = req.query;
    // The registrant is a user: shown as the reader's rules on users allow (left out when outside them).
    const users = resourceByName('users');
    const access = await accessThrough(db(), signedIn(req), 'GET', users.api, ruleResourceOf(users));
    const shown = (field: 'name' | 'email') => (mayRead(access, field) ? usersT[field] : sql<null>`NULL::text`);
    const [rows, [{ n }]] = await Promise.all([
      db()
        .select({ invite: invitesT, registrantId: usersT.id, registrantName: shown('name'), registrantEmail: shown('email') })
        .from(invitesT)
        .leftJoin(usersT, and(eq(usersT.id, invitesT.registrant), readableSql(users, access)))
        .orderBy(desc(invitesT.createdAt), desc(invitesT.id))
        .limit(limit)
        .offset(pageOffset(page, limit)),
      db().select({ n: count() }).from(invitesT),
    ]);
    // Who registered, so an approval is never blind.
    const data = rows.map((r) => ({
      // The invite is the FROM table: never null (the derived table's type does not say so).
      ...inviteToApi(r.invite as InviteRow, config.publicUrl),
      registrant: r.registrantId ? registrantOf(r.registrantName, r.registrantEmail) : null,
    }));
    return { data, total: n, page, pages: pageCount(n, limit) };
  });

  app.post('/api/auth/invites', { schema: contract.createInvite }, async (req, reply) => {
    const email = req.body.email?.trim().toLowerCase() || null;
    if (email && !EMAIL_PATTERN.test(email)) {
      throw new HttpError(400, EMAIL_FORMAT_MESSAGE, { email: EMAIL_FORMAT_MESSAGE });
    }
    // Hours falls back to 48 when not a number; at least 1.
    const n = Number(req.body.hours);
    const hours =
      Number.isFinite(n) && req.body.hours !== null && req.body.hours !== '' ? Math.min(Math.max(n, 1), 24 * 365) : DEFAULT_HOURS;
    const { token } = newToken(32);
    const expiresAt = new Date(Date.now() + hours * 3600 * 1000).toISOString();
    const row = await inTransaction(db(), async (tx) => {
      const [created] = await tx
        .insert(invitesT)
        .values({ email, token, expiresAt, status: 'not used', createdBy: signedIn(req).userId })
        .returning();
      // The token is the invite's secret: the entry names the invite, not its link.
      await recordAudit(tx, auditActorOf(req), {
        action: 'create',
        resource: 'invites',
        recordId: String(created.id),
        diff: { email: { before: null, after: email }, expiresAt: { before: null, after: expiresAt } },
      });
      await storeVersion(tx, resourceByName('invites'), String(created.id), 'create', by(req));
      return created;
    });
    return reply.status(201).send(inviteToApi(row, config.publicUrl));
  });

  app.delete('/api/auth/invites/:id', { schema: contract.deleteInvite }, async (req) => {
    await inTransaction(db(), async (tx) => {
      const [row] = await tx
        .delete(invitesT)
        .where(eq(invitesT.id, req.params.id))
        .returning({ id: invitesT.id, email: invitesT.email, status: invitesT.status });
      if (!row) throw notFound('Invite');
      await recordAudit(tx, auditActorOf(req), {
        action: 'delete',
        resource: 'invites',
        recordId: String(row.id),
        diff: { email: { before: row.email, after: null }, status: { before: row.status, after: null } },
      });
      await storeVersion(tx, resourceByName('invites'), String(row.id), 'delete', by(req));
    });
    return { ok: true as const };
  });

  const submitted = async (id: string) => {
    const [row] = await db().select().from(invitesT).where(eq(invitesT.id, id));
    if (!row) throw notFound('Invite');
    if (row.status !== 'submitted' || !row.registrant) throw new HttpError(409, 'Only submitted invites can be approved or rejected.');
    return row;
  };

  app.post(APPROVE_ROUTE, { schema: contract.approveInvite }, async (req) => {
    const invite = await submitted(req.params.id);
    const userId = String(invite.registrant);
    const approved = await inTransaction(db(), async (tx) => {
      // Approving unlocks the account and grants the default role: the rank rule applies.
      const verify = await guardRanks(tx);
      await assertMayActOn(tx, actorOf(req), userId, 'change');
      const [claimed] = await tx
        .update(invitesT)
        .set({ status: 'consumed', consumedAt: sql`now()` })
        .where(and(eq(invitesT.id, invite.id), eq(invitesT.status, 'submitted')))
        .returning({ id: invitesT.id });
      if (!claimed) return null;
      const [user] = await tx.update(usersT).set({ confirmed: true }).where(eq(usersT.id, userId)).returning();
      const [role] = await tx.select({ id: rolesT.id }).from(rolesT).where(eq(rolesT.type, DEFAULT_ROLE_TYPE)).limit(1);
      if (role) {
        await assertMayGrantRole(tx, actorOf(req), String(role.id));
        const [link] = await tx
          .insert(userRolesT)
          .values({ user: userId, role: role.id })
          .onConflictDoNothing()
          .returning({ id: userRolesT.id });
        if (link) await storeVersion(tx, resourceByName('user-roles'), String(link.id), 'create', by(req));
      }
      await storeVersion(tx, resourceByName('users'), userId, 'update', by(req));
      await storeVersion(tx, resourceByName('invites'), String(invite.id), 'update', by(req));
      await queueEvent(tx, 'invite.approved', { resource: 'invites', id: String(invite.id), user: userId }, 'invites');
      await tx.insert(notificationsT).values({ user: userId, title: 'Your account has been approved', link: '/admin' });
      await markRegistrationDone(tx, String(invite.id), String(user.email));
      await recordAudit(tx, auditActorOf(req), {
        action: 'approve',
        resource: 'invites',
        recordId: invite.id,
        diff: { status: { before: 'submitted', after: 'consumed' }, user: { after: { _id: userId, email: user.email } } },
      });
      await verify(tx);
      // The mail is part of the approval: stored with it, or not at all.
      await app.deps.mailer.queue(
        approvedMail(mailLang(req.headers['accept-language']), String(user.email), String(user.name), `${config.publicUrl}/admin/login`),
        tx,
      );
      return user;
    });
    if (!approved) throw new HttpError(409, 'Only submitted invites can be approved or rejected.');
    return { ok: true as const, message: 'User approved.' };
  });

  app.post('/api/auth/invites/:id/reject', { schema: contract.rejectInvite }, async (req) => {
    const invite = await submitted(req.params.id);
    await inTransaction(db(), async (tx) => {
      // Rejecting deletes the registrant's account: the rank rule applies.
      const verify = await guardRanks(tx);
      await assertMayActOn(tx, actorOf(req), String(invite.registrant), 'delete');
      const [registrant] = await tx
        .select({ email: usersT.email, confirmed: usersT.confirmed })
        .from(usersT)
        .where(eq(usersT.id, String(invite.registrant)))
        // Held until the delete below: what is trashed is what is deleted.
        .for('update');
      await tx.update(invitesT).set({ status: 'rejected' }).where(eq(invitesT.id, invite.id));
      await markRegistrationDone(tx, String(invite.id), registrant ? String(registrant.email) : null);
      // The registrant's account goes to the trash: a rejection clicked by mistake can be undone there.
      if (registrant && !registrant.confirmed) await trashRecord(tx, resourceByName('users'), String(invite.registrant), req.auth?.userId);
      const [removed] = await tx
        .delete(usersT)
        .where(and(eq(usersT.id, String(invite.registrant)), eq(usersT.confirmed, false)))
        .returning({ email: usersT.email });
      if (removed) await storeVersion(tx, resourceByName('users'), String(invite.registrant), 'delete', by(req));
      await storeVersion(tx, resourceByName('invites'), String(invite.id), 'update', by(req));
      await queueEvent(tx, 'invite.rejected', { resource: 'invites', id: String(invite.id), user: String(invite.registrant) }, 'invites');
      await recordAudit(tx, auditActorOf(req), {
        action: 'reject',
        resource: 'invites',
        recordId: invite.id,
        diff: {
          status: { before: 'submitted', after: 'rejected' },
          ...(removed ? { user: { before: { _id: String(invite.registrant), email: removed.email } } } : {}),
        },
      });
      await verify(tx);
    });
    return { ok: true as const, message: 'Invite rejected.' };
  });

  app.get('/api/auth/invites/validate/:token', { config: limited, schema: contract.validateInvite }, async (req) => {
    const [row] = await db().select().from(invitesT).where(eq(invitesT.token, req.params.token));
    return validation(row);
  });

  app.post('/api/auth/register-invite', { config: limited, schema: contract.registerInvite }, async (req, reply) => {
    await registerWithInvite(db(), req.body, { storage: app.deps.storage, actor: auditActorOf(req) });
    return reply.status(201).send({ ok: true as const, message: 'Registration submitted. Awaiting approval.' });
  });
}
