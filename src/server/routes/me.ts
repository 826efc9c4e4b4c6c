import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../../shared/api/me';
import { clientPermissionsT, notificationsT, roleClientPermissionsT, userRolesT, usersT } from '../db/tables';
import { isoDate } from '../crud/representation';
import { escapeLike } from '../crud/query';
import { badRequest, notFound } from '../http/http-error';
import { signedIn } from '../http/signed-in';
import { auditActorOf } from '../audit/record';
import { updateRecord } from '../crud/repository';
import { resourceByName } from '../../../resources/set';
import { pageCount, pageOffset } from '../../shared/api/paging';
import { PASSWORD_MIN_MESSAGE } from '../http/messages';
import { PASSWORD_MIN } from '../../shared/field-kinds/text-rules';

/** What a signed-in user reads and changes about themself. */
export async function meRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const self = { access: 'self' as const };

  app.get('/api/auth/user-categories', { config: self, schema: contract.userCategories }, async (req) => {
    const { page, limit } = req.query;
    const conds = [];
    if (!signedIn(req).superadmin) {
      const mine = db()
        .select({ id: roleClientPermissionsT.targetId })
        .from(roleClientPermissionsT)
        .innerJoin(userRolesT, eq(userRolesT.role, roleClientPermissionsT.ownerId))
        .where(eq(userRolesT.user, signedIn(req).userId));
      conds.push(inArray(clientPermissionsT.id, mine));
    }
    const q = req.query.q?.trim();
    const search = q
      ? or(ilike(clientPermissionsT.name, `%${escapeLike(q)}%`), ilike(clientPermissionsT.path, `%${escapeLike(q)}%`))
      : undefined;
    if (search) conds.push(search);
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db()
        .select()
        .from(clientPermissionsT)
        .where(where)
        .orderBy(asc(clientPermissionsT.menu_order), asc(clientPermissionsT.name))
        .limit(limit)
        .offset(pageOffset(page, limit)),
      db().select({ n: count() }).from(clientPermissionsT).where(where),
    ]);
    return {
      data: rows.map((c) => ({
        _id: c.id,
        name: c.name,
        path: c.path,
        menu: c.menu,
        menu_order: c.menu_order,
        description: c.description,
        auth: true,
      })),
      total: n,
      page,
      pages: pageCount(n, limit),
    };
  });

  app.get('/api/auth/notifications', { config: self, schema: contract.notifications }, async (req) => {
    const { page, limit } = req.query;
    const mine = eq(notificationsT.user, signedIn(req).userId);
    const onlyUnread = req.query.unread === '1' || req.query.unread === 'true';
    const where = onlyUnread ? and(mine, isNull(notificationsT.readAt)) : mine;
    const [rows, [{ n }], [{ unread }]] = await Promise.all([
      db()
        .select()
        .from(notificationsT)
        .where(where)
        .orderBy(desc(notificationsT.createdAt), desc(notificationsT.id))
        .limit(limit)
        .offset(pageOffset(page, limit)),
      db().select({ n: count() }).from(notificationsT).where(where),
      db()
        .select({ unread: count() })
        .from(notificationsT)
        .where(and(mine, isNull(notificationsT.readAt))),
    ]);
    return {
      data: rows.map((x) => ({
        _id: x.id,
        title: x.title,
        body: x.body,
        link: x.link,
        readAt: isoDate(x.readAt),
        createdAt: isoDate(x.createdAt),
      })),
      total: n,
      page,
      pages: pageCount(n, limit),
      unread,
    };
  });

  app.post('/api/auth/notifications/:id/read', { config: self, schema: contract.readNotification }, async (req) => {
    const [row] = await db()
      .update(notificationsT)
      .set({ readAt: sql`coalesce(${notificationsT.readAt}, now())` })
      .where(and(eq(notificationsT.id, req.params.id), eq(notificationsT.user, signedIn(req).userId)))
      .returning({ id: notificationsT.id });
    if (!row) throw notFound('Notification');
    return { ok: true as const };
  });

  app.post('/api/auth/notifications', { config: self, schema: contract.readAllNotifications }, async (req) => {
    const rows = await db()
      .update(notificationsT)
      .set({ readAt: sql`now()` })
      .where(and(eq(notificationsT.user, signedIn(req).userId), isNull(notificationsT.readAt)))
      .returning({ id: notificationsT.id });
    return { ok: true as const, updated: rows.length };
  });

  const profileOf = async (userId: string) => {
    const [u] = await db().select().from(usersT).where(eq(usersT.id, userId));
    return { name: u.name, email: u.email, address: u.address ?? '', phone: u.phone ?? '', bio: u.bio ?? '', image: u.image ?? null };
  };

  app.get('/api/auth/my-profile', { config: { ...self, twoFactorSetup: true }, schema: contract.myProfile }, async (req) =>
    profileOf(signedIn(req).userId),
  );

  // The same write as the users resource's generic update (normalization, required fields, the password's hash,
  // the session rule, the audit entry, the old picture's clean-up), limited to what a person may change about
  // themself. Acting on oneself is not acting on a rank, so no rank guard.
  app.post('/api/auth/my-profile', { config: self, schema: contract.updateMyProfile }, async (req) => {
    const me = signedIn(req);
    const body: Record<string, unknown> = { ...req.body };
    // An empty password means "keep it", as in every form.
    if (body.password === '') delete body.password;
    if (typeof body.password === 'string' && body.password.length < PASSWORD_MIN) {
      throw badRequest(PASSWORD_MIN_MESSAGE, { password: PASSWORD_MIN_MESSAGE });
    }
    await updateRecord(db(), resourceByName('users'), me.userId, body, {
      storage: app.deps.storage,
      audit: { actor: auditActorOf(req), action: body.password ? 'password-change' : undefined },
      actingSession: me.sessionId,
    });
    return profileOf(me.userId);
  });
}
