import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { notificationsT } from '../../../core/server/db/tables';
import { isoDate } from '../../../core/server/crud/representation';
import { notFound } from '../../../core/server/http/http-error';
import { signedIn } from '../../../core/server/http/signed-in';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';

/** The signed-in user's own notifications: the list (newest first, with the unread count), mark one or all read. */
export async function notificationListRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const self = { access: 'self' as const };

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
}
