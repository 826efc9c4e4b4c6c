import type { FastifyInstance } from 'fastify';
import type { Access } from '../types';

export interface KnownRoute {
  method: string;
  url: string;
  access: Access;
}

/**
 * Records every API route as it is registered, so "Reinitiate Permissions"
 * can walk them. Documentation routes are made public here.
 */
export function trackRoutes(app: FastifyInstance): KnownRoute[] {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/api/')) return;
    if (opts.url.startsWith('/api/docs')) opts.config = { ...(opts.config ?? {}), access: 'public' };
    // Checked against another route's record: it has none of its own.
    if (opts.config && Object.hasOwn(opts.config, 'rbacRoute')) return;
    const methods = (Array.isArray(opts.method) ? opts.method : [opts.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) routes.push({ method, url: opts.url, access: opts.config?.access ?? 'rbac' });
  });
  return routes;
}
