import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { operationsOf, type ResourceDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { serverKindOf } from '../../field-kinds/server';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecords } from '../crud/repository';
import { crudOperations, exportQuerySchema, type FindResource, type UpdateManyBody } from '../../shared/api/crud';
import { refuseUnknownParams } from '../crud/known-params';
import { operation } from '../../shared/api/operation';
import { Type } from '../../shared/api/schema';
import { exportCsv } from '../crud/export-csv';
import type { ListParams } from '../crud/query';
import { rankGuard } from '../crud/rank-guard';
import { actorOf } from '../security/actor';
import { auditActorOf } from '../audit/record';
import type { FastifyRequest } from 'fastify';
import type { ServerFeature } from '../feature';

type IdParams = { id: string };
type Body = Record<string, unknown>;

/** list/get/create/update/delete for one declared resource. */
function registerResource(app: FastifyInstance, r: ResourceDef, find: FindResource) {
  const ops = operationsOf(r);
  const api = crudOperations(r, find);
  const db = () => app.deps.database.db;
  const { storage } = app.deps;
  // Writes are checked against the declared rank rule, as the signed-in user.
  const ctx = (req: FastifyRequest) => ({
    storage,
    guard: rankGuard(r, actorOf(req)),
    audit: { actor: auditActorOf(req) },
    actingSession: req.auth?.sessionId,
  });
  const bodyLimit = r.bodyLimit;
  const keepWhenBlank = Object.entries(r.fields)
    .filter(([, d]) => kindOf(d).blankKeepsValue)
    .map(([f]) => f);
  // Forms send an empty password to mean "leave it as it is".
  const dropBlank = (body: Body | null) => {
    for (const f of keepWhenBlank) if (body && (body[f] === '' || body[f] === null)) Reflect.deleteProperty(body, f);
  };
  const dropEmptyPasswords = async (req: { body: unknown }) => dropBlank(req.body as Body | null);
  const dropEmptyPasswordsOfData = async (req: { body: unknown }) => {
    const body = req.body as { data?: unknown } | null;
    if (body && typeof body === 'object' && Object.hasOwn(body, 'data') && body.data && typeof body.data === 'object') {
      dropBlank(body.data as Body);
    }
  };
  // E.g. lists of resources with images tell clients where image paths start.
  const listExtras = Object.assign({}, ...Object.values(r.fields).map((d) => serverKindOf(d).listExtras?.(storage) ?? {})) as Record<
    string,
    unknown
  >;

  if (ops.includes('list')) {
    app.get<{ Querystring: ListParams }>(
      r.api,
      { preValidation: refuseUnknownParams(api.list.querystring), schema: api.list },
      async (req) => ({
        ...(await listRecords(db(), r, req.query, storage)),
        ...listExtras,
      }),
    );
    // The list's search, filters and order as a CSV download, streamed in
    // batches; whoever may list may export (the list route's permission).
    const exportQuery = exportQuerySchema(r);
    app.get<{ Querystring: ListParams }>(
      `${r.api}/export.csv`,
      {
        config: { rbacRoute: r.api },
        preValidation: refuseUnknownParams(exportQuery),
        schema: operation({
          operationId: `export${r.name.replace(/(^|[-_\s]+)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Csv`,
          summary: `The ${r.name} list (search, filters, order) as CSV`,
          tags: [r.name],
          querystring: exportQuery,
          produces: ['text/csv', 'application/json'],
          response: { 200: Type.String() },
        }),
      },
      async (req, reply) => {
        const stream = Readable.from(exportCsv(db(), r, req.query, storage), { objectMode: false });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${r.name}.csv"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  }
  if (ops.includes('get')) {
    app.get<{ Params: IdParams }>(`${r.api}/:id`, { schema: api.get }, async (req) => getRecord(db(), r, req.params.id, storage));
  }
  if (ops.includes('create')) {
    app.post<{ Body: Body }>(r.api, { bodyLimit, preValidation: dropEmptyPasswords, schema: api.create }, async (req, reply) => {
      const record = await createRecord(db(), r, req.body, ctx(req));
      return reply.status(201).send(record);
    });
  }
  if (ops.includes('update')) {
    app.put<{ Params: IdParams; Body: Body }>(
      `${r.api}/:id`,
      { bodyLimit, preValidation: dropEmptyPasswords, schema: api.update },
      async (req) => {
        const [{ record }] = await updateRecords(db(), r, [req.params.id], req.body, ctx(req));
        return record;
      },
    );
    // react-admin's updateMany in one request: the same permission record as
    // a single update (PUT {api}/:id), so roles that may update may do it in bulk.
    app.put<{ Body: UpdateManyBody }>(
      r.api,
      { bodyLimit, config: { rbacRoute: `${r.api}/:id` }, preValidation: dropEmptyPasswordsOfData, schema: api.updateMany },
      async (req) => {
        const changed = await updateRecords(db(), r, req.body.ids, req.body.data, ctx(req));
        return { data: changed.map((c) => c.record) };
      },
    );
  }
  if (ops.includes('delete')) {
    app.delete<{ Params: IdParams }>(`${r.api}/:id`, { schema: api.delete }, async (req) => {
      await deleteRecords(db(), r, [req.params.id], ctx(req));
      return { ok: true };
    });
    // react-admin's deleteMany in one request, under the single delete's permission record.
    app.delete<{ Querystring: { ids: string } }>(
      r.api,
      { config: { rbacRoute: `${r.api}/:id` }, preValidation: refuseUnknownParams(api.deleteMany.querystring), schema: api.deleteMany },
      async (req) => {
        const befores = await deleteRecords(db(), r, req.query.ids.split(','), ctx(req));
        return { data: befores.map((b) => b._id) };
      },
    );
  }
}

/** The generic routes of every declared resource the app serves. */
export function crudRoutes(resources: readonly ResourceDef[]) {
  const find: FindResource = (name) => resources.find((r) => r.name === name);
  return async (app: FastifyInstance) => {
    for (const r of resources) registerResource(app, r, find);
  };
}

/** The generated routes of every declaration, after the features' own (whose paths they would answer). */
export const crudFeature: ServerFeature = {
  name: 'generic CRUD',
  async register(app, { resources }) {
    await app.register(crudRoutes(resources));
  },
};
