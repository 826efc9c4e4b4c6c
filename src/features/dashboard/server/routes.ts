import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NOTIFICATIONS, NEW_USERS_DAYS, dashboardOperation, type DashboardAnswer } from '../contract';
import { hasOperation, type ResourceDef } from '../../../core/shared/resource';
import { resourceByName } from '../../../../resources/set';
import { invitesT, notificationsT, usersT } from '../../../core/server/db/tables';
import { tableOf } from '../../../core/server/db/resource-tables';
import { rowsOf } from '../../../core/server/db/rows';
import type { Db } from '../../../core/server/db/client';
import { countRows } from '../../../core/server/crud/count';
import { isoDate } from '../../../core/server/crud/representation';
import { signedIn } from '../../../core/server/http/signed-in';
import { accessThrough } from '../../../core/server/access/route-access';
import { readableRoutes } from '../../../core/server/access/readable-routes';
import { readableSql } from '../../../core/server/access/condition-sql';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import type { AuthContext } from '../../../core/server/types';

/** The records of `r` the caller reads through its list (their access rules), as SQL; undefined for all. */
async function listedWhere(db: Db, auth: AuthContext, r: ResourceDef) {
  return readableSql(r, await accessThrough(db, auth, 'GET', r.api, ruleResourceOf(r)));
}

/** New users (those the caller reads) per UTC day over the last NEW_USERS_DAYS days (a day with none is 0). */
async function newUsersPerDay(db: Db, readable: SQL | undefined): Promise<{ day: string; count: number }[]> {
  const res = await db.execute(sql`
    SELECT to_char(d, 'YYYY-MM-DD') AS day, count(${usersT.id})::int AS n
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${NEW_USERS_DAYS - 1}::int, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
    LEFT JOIN ${usersT} ON ${usersT.createdAt} >= (d AT TIME ZONE 'UTC') AND ${usersT.createdAt} < ((d + interval '1 day') AT TIME ZONE 'UTC')
      AND ${readable ?? sql`true`}
    GROUP BY d ORDER BY d`);
  return rowsOf<{ day: string; n: number }>(res).map((r) => ({ day: r.day, count: Number(r.n) }));
}

/**
 * `GET /api/auth/dashboard`: any signed-in user, each part only when they
 * may read its source through the API (the same permission records as the
 * lists), so the home never shows more than the menu would lead to.
 */
export function dashboardRoutes(resources: readonly ResourceDef[]) {
  return async (app: FastifyInstance) => {
    const db = () => app.deps.database.db;
    const invites = resourceByName('invites');
    const users = resourceByName('users');
    app.get('/api/auth/dashboard', { config: { access: 'self' }, schema: dashboardOperation }, async (req): Promise<DashboardAnswer> => {
      const me = signedIn(req);
      const routes = me.superadmin ? null : await readableRoutes(db(), me.userId);
      const may = (route: string) => routes === null || routes.has(route);
      const listed = resources.filter((r) => hasOperation(r, 'list') && may(r.api));
      const mine = eq(notificationsT.user, me.userId);
      const [counts, pending, newUsers, recent, [{ unread }]] = await Promise.all([
        Promise.all(
          listed.map(async (r) => {
            const total = await countRows(db(), tableOf(r), await listedWhere(db(), me, r), r.table);
            return { resource: r.name, path: r.path, total: total.total, exact: total.exact };
          }),
        ),
        may(invites.api)
          ? listedWhere(db(), me, invites).then((w) =>
              db()
                .select({ n: count() })
                .from(invitesT)
                .where(and(eq(invitesT.status, 'submitted'), w)),
            )
          : null,
        may(users.api) ? listedWhere(db(), me, users).then((w) => newUsersPerDay(db(), w)) : null,
        db()
          .select()
          .from(notificationsT)
          .where(mine)
          .orderBy(desc(notificationsT.createdAt), desc(notificationsT.id))
          .limit(DASHBOARD_NOTIFICATIONS),
        db()
          .select({ unread: count() })
          .from(notificationsT)
          .where(and(mine, isNull(notificationsT.readAt))),
      ]);
      return {
        counts,
        ...(pending ? { pendingRegistrations: { total: pending[0].n, path: invites.path } } : {}),
        ...(newUsers ? { newUsers } : {}),
        notifications: {
          recent: recent.map((n) => ({
            _id: String(n.id),
            title: String(n.title),
            link: (n.link as string | null) ?? null,
            createdAt: isoDate(n.createdAt) ?? '',
            readAt: isoDate(n.readAt),
          })),
          unread,
        },
      };
    });
  };
}
