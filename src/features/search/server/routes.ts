import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hasOperation, type ResourceDef } from '../../../core/shared/resource';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import { signedIn } from '../../../core/server/http/signed-in';
import { accessThrough } from '../../../core/server/access/route-access';
import { readableRoutes } from '../../../core/server/access/readable-routes';
import { targetsOf } from '../../../core/server/routes/crud';
import { refuseUnknownParams } from '../../../core/server/crud/known-params';
import { ENTRIES_ROUTE } from '../../translations/server/search';
import { MIN_SUBSTRING_TERM } from '../../../core/server/crud/query';
import { MENU_GROUP, SEARCH_ITEMS_DEFAULT, TRANSLATIONS_GROUP, searchOperation, searchQuery, type SearchGroup } from '../contract';
import { recordGroup } from './record-groups';
import { menuGroup, translationsGroup } from './other-groups';

/**
 * `GET /api/auth/search`: any signed-in person, each group only when they
 * may call its list (the same permission records), each record as that list
 * shows it to them: a record or field they may not read is neither listed
 * nor counted.
 */
export function searchRoutes(resources: readonly ResourceDef[]) {
  const searchable = resources.filter((r) => hasOperation(r, 'list') && r.search.length > 0);
  return async (server: FastifyInstance) => {
    const app = server.withTypeProvider<TypeBoxTypeProvider>();
    const db = () => app.deps.database.db;
    app.get(
      '/api/auth/search',
      { config: { access: 'self' }, preValidation: refuseUnknownParams(searchQuery), schema: searchOperation },
      async (req) => {
        const me = signedIn(req);
        const q = req.query.q.trim();
        const limit = req.query.limit ?? SEARCH_ITEMS_DEFAULT;
        const wanted = req.query.types ? new Set(req.query.types.split(',')) : null;
        const asked = (group: string) => wanted === null || wanted.has(group);
        if (!q) return { groups: [] };
        const routes = me.superadmin ? null : await readableRoutes(db(), me.userId);
        const may = (route: string) => routes === null || routes.has(route);
        const targets = targetsOf(db, req);
        const groups: Promise<SearchGroup>[] = searchable
          .filter((r) => asked(r.name) && may(r.api))
          .map(async (r) => {
            const access = await accessThrough(db(), me, 'GET', r.api, ruleResourceOf(r));
            return recordGroup(db(), r, q, limit, app.deps.storage, access, targets);
          });
        // Interface texts have no index: a term of a letter or two, matching most of them, is not worth the scan.
        if (asked(TRANSLATIONS_GROUP) && may(ENTRIES_ROUTE) && q.length >= MIN_SUBSTRING_TERM)
          groups.push(translationsGroup(db(), q, limit));
        if (asked(MENU_GROUP)) groups.push(menuGroup(db(), q, limit, me.superadmin ? null : me.userId));
        return { groups: (await Promise.all(groups)).filter((g) => g.total > 0) };
      },
    );
  };
}
