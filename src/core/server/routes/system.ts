import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../../shared/api/system';
import { notificationsT } from '../db/tables';
import type { KnownRoute } from '../rbac/route-table';
import { syncPermissions } from '../rbac/sync-permissions';
import { signedIn } from '../http/signed-in';
import type { ServerFeature } from '../feature';
import { appVersion } from '../version';

export function systemRoutes(routes: KnownRoute[], version: string) {
  return async (server: FastifyInstance) => {
    const app = server.withTypeProvider<TypeBoxTypeProvider>();
    const db = () => app.deps.database.db;

    // Liveness: the process answers. Whether it can serve (database, Redis...) is GET /api/ready.
    app.get('/api/health', { config: { access: 'public' }, schema: contract.health }, async () => ({
      status: 'ok' as const,
      database: app.deps.database.kind,
    }));

    app.get('/api/config', { config: { access: 'public' }, schema: contract.publicConfig }, async () => ({
      googleClientId: app.deps.config.googleClientId ?? null,
      oidc: app.deps.config.oidc ? { buttonLabel: app.deps.config.oidc.buttonLabel ?? null } : null,
      version,
    }));

    app.post('/api/auth/reinitiate-permissions/', { schema: contract.reinitiatePermissions }, async (req) => {
      const createdCount = await syncPermissions(db(), routes);
      await db()
        .insert(notificationsT)
        .values({
          user: signedIn(req).userId,
          title: `Permissions Sync Completed. ${createdCount} new permissions added.`,
          link: '/admin/permissions',
        });
      return { createdCount };
    });
  };
}

/** Health, public configuration, "Reinitiate Permissions" over every route the app registered. */
export const systemFeature: ServerFeature = {
  name: 'system',
  async register(app, { routes }) {
    await app.register(systemRoutes(routes, appVersion));
  },
};
