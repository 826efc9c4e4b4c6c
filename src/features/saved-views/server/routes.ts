import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hasOperation, type ResourceDef } from '../../../core/shared/resource';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import type { FeatureContext, ServerFeature } from '../../../core/server/feature';
import type { Db } from '../../../core/server/db/client';
import { savedViews } from '../../../core/server/db/system-tables';
import { permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import { badRequest, conflict, forbidden, notFound } from '../../../core/server/http/http-error';
import { signedIn } from '../../../core/server/http/signed-in';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { accessThrough } from '../../../core/server/access/route-access';
import { readableRoutes } from '../../../core/server/access/readable-routes';
import { refuseUnknownParams } from '../../../core/server/crud/known-params';
import { pgCode } from '../../../core/server/crud/db-errors';
import type { AuthContext } from '../../../core/server/types';
import * as contract from '../contract';
import { checkParams, withinAccess } from './rules';

type Row = typeof savedViews.$inferSelect;
type Sharing = contract.Sharing;

/** Whether the caller holds the share permission (superadmins hold every one). */
async function mayShare(db: Db, me: AuthContext): Promise<boolean> {
  if (me.superadmin) return true;
  const rows = await db
    .select({ id: permissionsT.id })
    .from(permissionsT)
    .innerJoin(rolePermissionsT, eq(rolePermissionsT.targetId, permissionsT.id))
    .innerJoin(userRolesT, eq(userRolesT.role, rolePermissionsT.ownerId))
    .where(
      and(eq(userRolesT.user, me.userId), eq(permissionsT.method, contract.SHARE_METHOD), eq(permissionsT.route, contract.SHARE_ROUTE)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Views the caller sees: their own, those shared with everyone, those shared with a role they hold. */
function visibleTo(userId: string): SQL {
  const myRoles = sql`ARRAY(SELECT ${userRolesT.role} FROM ${userRolesT} WHERE ${userRolesT.user} = ${userId})`;
  return (
    or(
      eq(savedViews.ownerId, userId),
      eq(savedViews.shared, 'everyone'),
      and(eq(savedViews.shared, 'roles'), sql`${savedViews.roleIds} && ${myRoles}`),
    ) ?? sql`false`
  );
}

const nameTaken = (name: string) => {
  const message = `You already have a view named “${name}” for this list: choose another name.`;
  return conflict(message, { name: message });
};

const audited = (before: unknown, after: unknown) => ({ savedView: { before, after } });
const summary = (row: Pick<Row, 'resource' | 'name' | 'shared'>) => `${row.resource}: ${row.name} (${row.shared})`;

/**
 * `/api/auth/saved-views`: any signed-in person keeps views of the lists they
 * may read; only the owner changes or deletes one. Sharing beyond oneself
 * needs the permission record `POST /api/auth/saved-views/share`, made with
 * the routes' own. API tokens are refused: views are a person's screens.
 */
export function savedViewRoutes(resources: readonly ResourceDef[]) {
  const listable = new Map(resources.filter((r) => hasOperation(r, 'list')).map((r) => [r.name, r]));
  return async (server: FastifyInstance) => {
    const app = server.withTypeProvider<TypeBoxTypeProvider>();
    const db = () => app.deps.database.db;
    const self = { access: 'self' as const };

    /** The list routes the caller may call (null: all). */
    const routesOf = async (me: AuthContext, on: Db = db()) => (me.superadmin ? null : await readableRoutes(on, me.userId));

    /** The declared resource `name`, when the caller may list it; else a 400. */
    async function resourceFor(me: AuthContext, name: string, on: Db = db()): Promise<ResourceDef> {
      const r = listable.get(name);
      const routes = r ? await routesOf(me, on) : null;
      if (!r || (routes && !routes.has(r.api))) {
        const message = `There is no list “${name}” you may read.`;
        throw badRequest(message, { resource: message });
      }
      return r;
    }

    const accessOf = (me: AuthContext, r: ResourceDef, on: Db = db()) => accessThrough(on, me, 'GET', r.api, ruleResourceOf(r));

    /** The view as the caller sees it. */
    async function present(me: AuthContext, row: Row, ownerName: string | null): Promise<contract.SavedView> {
      const r = listable.get(row.resource);
      const access = r ? await accessOf(me, r) : null;
      const stored = row.params as contract.ViewParams;
      const { params, dropped } = r ? withinAccess(r, stored, access) : { params: stored, dropped: [] };
      return {
        _id: row.id,
        resource: row.resource,
        name: row.name,
        params,
        shared: row.shared as Sharing,
        roleIds: row.roleIds,
        pinned: row.pinned,
        mine: row.ownerId === me.userId,
        ownerName,
        dropped,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    }

    /** Sharing: who may, and with roles that exist. */
    async function checkSharing(tx: Db, me: AuthContext, shared: Sharing, roleIds: readonly string[]): Promise<string[]> {
      if (shared === 'private') return [];
      if (!(await mayShare(tx, me))) throw forbidden('You may not share views: keep this one private.');
      if (shared === 'everyone') return [];
      if (!roleIds.length) {
        const message = 'Choose the roles to share this view with.';
        throw badRequest(message, { roleIds: message });
      }
      const found = await tx
        .select({ id: rolesT.id })
        .from(rolesT)
        .where(inArray(rolesT.id, [...roleIds]));
      if (found.length !== roleIds.length) {
        const message = 'A role to share with does not exist.';
        throw badRequest(message, { roleIds: message });
      }
      return [...roleIds];
    }

    /** The saver may not keep in a view what they may not read themself. */
    async function checkReadable(me: AuthContext, r: ResourceDef, p: contract.ViewParams, on: Db = db()) {
      checkParams(r, p);
      const { dropped } = withinAccess(r, p, await accessOf(me, r, on));
      if (dropped.length) {
        const message = `You may not read ${dropped.join(', ')}: a view cannot filter, sort or show it.`;
        throw badRequest(message, { params: message });
      }
    }

    const trimmedName = (name: string) => {
      const trimmed = name.trim();
      if (!trimmed) {
        const message = 'Give the view a name.';
        throw badRequest(message, { name: message });
      }
      return trimmed;
    };

    /** Runs a write, a taken name becoming a 409. */
    async function writing<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (err) {
        if (pgCode(err) === '23505' && name) throw nameTaken(name);
        throw err;
      }
    }

    app.get(
      contract.VIEWS_ROUTE,
      { config: self, preValidation: refuseUnknownParams(contract.listViewsQuery), schema: contract.listViews },
      async (req) => {
        const me = signedIn(req);
        const { resource, pinned } = req.query;
        if (resource) await resourceFor(me, resource);
        const routes = await routesOf(me);
        const mayList = [...listable.values()].filter((r) => !routes || routes.has(r.api)).map((r) => r.name);
        if (!mayList.length) return { data: [] };
        const rows = await db()
          .select({ view: savedViews, ownerName: usersT.name })
          .from(savedViews)
          .leftJoin(usersT, eq(usersT.id, savedViews.ownerId))
          .where(
            and(
              visibleTo(me.userId),
              resource ? eq(savedViews.resource, resource) : inArray(savedViews.resource, mayList),
              pinned === undefined ? undefined : eq(savedViews.pinned, pinned),
            ),
          )
          .orderBy(asc(savedViews.resource), asc(savedViews.name), asc(savedViews.id));
        return { data: await Promise.all(rows.map((x) => present(me, x.view, x.ownerName))) };
      },
    );

    app.post(contract.VIEWS_ROUTE, { config: self, schema: contract.createView }, async (req, reply) => {
      const me = signedIn(req);
      const body = req.body;
      const r = await resourceFor(me, body.resource);
      const name = trimmedName(body.name);
      await checkReadable(me, r, body.params);
      const shared = body.shared ?? 'private';
      const created = await writing(name, () =>
        db().transaction(async (tx) => {
          const roleIds = await checkSharing(tx, me, shared, body.roleIds ?? []);
          // One person's saves in turn, so the count below holds.
          await tx.execute(sql`SELECT 1 FROM ${usersT} WHERE ${usersT.id} = ${me.userId} FOR UPDATE`);
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(savedViews)
            .where(eq(savedViews.ownerId, me.userId));
          if (n >= contract.VIEWS_PER_USER_MAX) throw badRequest(`You keep ${contract.VIEWS_PER_USER_MAX} views: delete one first.`);
          const [row] = await tx
            .insert(savedViews)
            .values({ ownerId: me.userId, resource: r.name, name, params: body.params, shared, roleIds, pinned: body.pinned ?? false })
            .returning();
          await recordAudit(tx, auditActorOf(req), {
            action: 'saved-view-create',
            resource: 'users',
            recordId: me.userId,
            diff: audited(null, summary(row)),
          });
          return row;
        }),
      );
      return reply.status(201).send(await present(me, created, me.name));
    });

    /** The caller's own view `id` (404 when they do not see it, 403 when they see it but do not own it). */
    async function ownView(tx: Db, me: AuthContext, id: string): Promise<Row> {
      const [row] = await tx
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.id, id), visibleTo(me.userId)))
        .for('update');
      if (!row) throw notFound('View');
      if (row.ownerId !== me.userId) throw forbidden('Only its owner changes or deletes a view.');
      return row;
    }

    app.put(`${contract.VIEWS_ROUTE}/:id`, { config: self, schema: contract.updateView }, async (req) => {
      const me = signedIn(req);
      const body = req.body;
      const name = body.name === undefined ? undefined : trimmedName(body.name);
      const updated = await writing(name, () =>
        db().transaction(async (tx) => {
          const before = await ownView(tx, me, req.params.id);
          // Inside the transaction, on its connection (PGlite has one).
          const r = await resourceFor(me, before.resource, tx);
          if (body.params) await checkReadable(me, r, body.params, tx);
          const shared = body.shared ?? (before.shared as Sharing);
          const sharingChanged = body.shared !== undefined || body.roleIds !== undefined;
          const roleIds = sharingChanged ? await checkSharing(tx, me, shared, body.roleIds ?? before.roleIds) : before.roleIds;
          const [row] = await tx
            .update(savedViews)
            .set({
              name: name ?? before.name,
              params: body.params ?? before.params,
              shared,
              roleIds,
              pinned: body.pinned ?? before.pinned,
              updatedAt: sql`now()`,
            })
            .where(eq(savedViews.id, before.id))
            .returning();
          await recordAudit(tx, auditActorOf(req), {
            action: 'saved-view-update',
            resource: 'users',
            recordId: me.userId,
            diff: audited(summary(before), summary(row)),
          });
          return row;
        }),
      );
      return present(me, updated, me.name);
    });

    app.delete(`${contract.VIEWS_ROUTE}/:id`, { config: self, schema: contract.deleteView }, async (req) => {
      const me = signedIn(req);
      await db().transaction(async (tx) => {
        const row = await ownView(tx, me, req.params.id);
        await tx.delete(savedViews).where(eq(savedViews.id, row.id));
        await recordAudit(tx, auditActorOf(req), {
          action: 'saved-view-delete',
          resource: 'users',
          recordId: me.userId,
          diff: audited(summary(row), null),
        });
      });
      return { ok: true as const };
    });
  };
}

/** Saved views, and the share permission's record (a permission no route answers to). */
export const savedViewsFeature: ServerFeature = {
  name: 'saved-views',
  async register(app, ctx: FeatureContext) {
    ctx.routes.push({ method: contract.SHARE_METHOD, url: contract.SHARE_ROUTE, access: 'rbac' });
    await app.register(savedViewRoutes(ctx.resources));
  },
};
