import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationsOf, type ResourceDef } from '../../shared/resource';
import type { FindResource } from '../../shared/api/crud';
import { versionOperations, type RestoreBody } from '../../shared/api/versions';
import { ruleResourceOf } from '../../shared/access-rules';
import { getRecord } from '../crud/repository';
import { refuseUnknownParams } from '../crud/known-params';
import { readableFor } from '../access/enforce';
import type { ServerFeature } from '../feature';
import { targetsOf, withPreconditions, writeContextOf } from '../routes/crud';
import { compareVersions, listVersions, versionDetail, type VersionReader } from './read';
import { restoreVersion } from './restore';
import { versionsPurger } from './retention';

type IdParams = { id: string };
type VersionParams = { id: string; n: number };

/** The history routes of one resource: reading under the record's read permission, restoring under its update's. */
function registerVersions(app: FastifyInstance, r: ResourceDef, find: FindResource) {
  const ops = versionOperations(r, find);
  const db = () => app.deps.database.db;
  const { storage } = app.deps;
  const resource = ruleResourceOf(r);
  const reads = { rbacRoute: `${r.api}/:id`, rbacMethod: 'GET', resource };

  /** The record must be there and readable by the caller (else 404, as for the record itself). */
  const readerOf = async (req: FastifyRequest<{ Params: IdParams }>): Promise<VersionReader> => {
    const access = req.auth?.access ?? null;
    await getRecord(db(), r, req.params.id, storage, access, targetsOf(db, req));
    return { db: db(), r, id: req.params.id, readable: readableFor(r, access), files: storage };
  };

  app.get<{ Params: IdParams; Querystring: { page: number; limit: number } }>(
    `${r.api}/:id/versions`,
    { config: reads, preValidation: refuseUnknownParams(ops.list.querystring), schema: ops.list },
    async (req) => listVersions(await readerOf(req), req.query.page, req.query.limit),
  );
  app.get<{ Params: IdParams; Querystring: { from: number; to: number } }>(
    `${r.api}/:id/versions/compare`,
    { config: reads, preValidation: refuseUnknownParams(ops.compare.querystring), schema: ops.compare },
    async (req) => compareVersions(await readerOf(req), req.query.from, req.query.to),
  );
  app.get<{ Params: VersionParams }>(`${r.api}/:id/versions/:n`, { config: reads, schema: ops.get }, async (req) =>
    versionDetail(await readerOf(req), req.params.n),
  );
  if (!operationsOf(r).includes('update')) return;
  const ctx = writeContextOf(r, storage, db);
  app.post<{ Params: VersionParams; Body: RestoreBody }>(
    `${r.api}/:id/versions/:n/restore`,
    { config: { rbacRoute: `${r.api}/:id`, rbacMethod: 'PUT', resource }, schema: ops.restore },
    async (req) => {
      const ids = [req.params.id];
      return restoreVersion(db(), r, req.params.id, req.params.n, req.body ?? {}, withPreconditions(ctx(req), req, ids));
    },
  );
}

/** Every declared resource's history (those that keep one and can be read one by one). */
export const versionsFeature: ServerFeature = {
  name: 'versions',
  async register(app, { resources, onStart }) {
    const purge = versionsPurger(app, resources);
    onStart(() => purge.start());
    const find: FindResource = (name) => resources.find((r) => r.name === name);
    await app.register(async (scoped) => {
      for (const r of resources) if (r.history !== false && operationsOf(r).includes('get')) registerVersions(scoped, r, find);
    });
  },
};
