import type { FastifyInstance } from 'fastify';
import { operationsOf, type ResourceDef } from '../../shared/resource';
import type { FindResource } from '../../shared/api/crud';
import { trashOperations } from '../../shared/api/trash';
import { ruleResourceOf } from '../../shared/access-rules';
import { refuseUnknownParams } from '../crud/known-params';
import { UUID_PATTERN } from '../crud/schemas';
import { notFound } from '../http/http-error';
import type { ServerFeature } from '../feature';
import { targetsOf, writeContextOf } from '../routes/crud';
import { listTrash } from './list';
import { restoreFromTrash } from './restore';
import { purgeRecord, trashEntry } from './store';
import { trashPurger } from './purge';
import { auditActorOf } from '../audit/record';

type IdParams = { id: string };
const uuidRe = new RegExp(UUID_PATTERN);

/** A resource's trash: listed and restored by whoever may delete its records; purged under a permission of its own. */
function registerTrash(app: FastifyInstance, r: ResourceDef, find: FindResource) {
  const ops = trashOperations(r, find);
  const db = () => app.deps.database.db;
  const { storage } = app.deps;
  const resource = ruleResourceOf(r);
  const asDelete = { rbacRoute: `${r.api}/:id`, rbacMethod: 'DELETE', resource };
  app.get<{ Querystring: { page: number; limit: number } }>(
    `${r.api}/trash`,
    { config: asDelete, preValidation: refuseUnknownParams(ops.list.querystring), schema: ops.list },
    async (req) => listTrash(db(), r, req.query.page, req.query.limit, storage, req.auth?.access, targetsOf(db, req)),
  );
  const ctx = writeContextOf(r, storage, db);
  app.post<{ Params: IdParams }>(`${r.api}/:id/restore`, { config: asDelete, schema: ops.restore }, async (req) =>
    restoreFromTrash(db(), r, req.params.id, ctx(req)),
  );
  app.delete<{ Params: IdParams }>(`${r.api}/:id/purge`, { config: { resource }, schema: ops.purge }, async (req) => {
    const id = req.params.id;
    if (!uuidRe.test(id) || !(await trashEntry(db(), r, id, req.auth?.access))) throw notFound();
    await purgeRecord(db(), r, r.name, id, storage, { actor: auditActorOf(req), action: 'purge' });
    return { ok: true as const };
  });
}

/** Every declared resource's trash (those that keep versions and can be deleted through the API). */
export const trashFeature: ServerFeature = {
  name: 'trash',
  async register(app, { resources, onStart }) {
    const purge = trashPurger(app, resources);
    onStart(() => purge.start());
    const find: FindResource = (name) => resources.find((r) => r.name === name);
    await app.register(async (scoped) => {
      for (const r of resources) if (r.history !== false && operationsOf(r).includes('delete')) registerTrash(scoped, r, find);
    });
  },
};
