import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operationsOf, type ResourceDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { serverKindOf } from '../../field-kinds/server';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecords, type WriteContext } from '../crud/repository';
import { crudOperations, exportQuerySchema, type ApiRecord, type FindResource, type UpdateManyBody } from '../../shared/api/crud';
import { refuseUnknownParams } from '../crud/known-params';
import { forbidden } from '../http/http-error';
import { operation } from '../../shared/api/operation';
import { Type } from '../../shared/api/schema';
import { exportCsv } from '../crud/export-csv';
import type { ListParams } from '../crud/query';
import { rankGuard } from '../crud/rank-guard';
import { actorOf } from '../security/actor';
import { API_TOKEN_MESSAGES } from '../security/api-token-rules';
import { auditActorOf } from '../audit/record';
import { refuseHiddenParams } from '../access/enforce';
import { ruleResourceOf } from '../../shared/access-rules';
import { accessThrough } from '../access/route-access';
import type { Access } from '../access/access';
import type { TargetAccess } from '../crud/populate';
import type { ServerFeature } from '../feature';
import type { Db } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import { preconditionsOf } from '../crud/preconditions';
import { stemOf } from '../../shared/api/stem';

type IdParams = { id: string };
type Body = Record<string, unknown>;
type PreValidation = (req: Pick<FastifyRequest, 'body' | 'auth'>) => Promise<void>;
/** Drop the fields left blank to keep their value: from a body, or from the `data` of a bulk update. */
type BlankDroppers = { fromBody: PreValidation; fromData: PreValidation };

/** What the routes of one resource are built from. */
interface ResourceRoutes {
  app: FastifyInstance;
  r: ResourceDef;
  api: ReturnType<typeof crudOperations>;
  db: () => Db;
  storage: FileStorage;
  /** The context of a write made by this request. */
  ctx: (req: FastifyRequest) => WriteContext;
  dropBlanks: BlankDroppers;
}

/** Writes are checked against the declared rank rule, as the signed-in user. */
export function writeContextOf(r: ResourceDef, storage: FileStorage, db: () => Db) {
  return (req: FastifyRequest): WriteContext => ({
    storage,
    guard: rankGuard(r, actorOf(req)),
    audit: { actor: auditActorOf(req) },
    actingSession: req.auth?.sessionId,
    actorId: req.auth?.userId ?? null,
    access: accessOf(req),
    targets: targetsOf(db, req),
  });
}

/** The caller's access rules on this route's resource (fields, records); null when they allow everything. */
const accessOf = (req: FastifyRequest) => req.auth?.access ?? null;

/**
 * The caller's rules on the resources a ref points at, looked up (once per
 * target and request) only when some role of theirs has rules at all.
 */
export const targetsOf = (db: () => Db, req: FastifyRequest): TargetAccess | undefined => {
  const auth = req.auth;
  if (!auth?.hasRules) return undefined;
  const seen = new Map<string, Promise<Access | null>>();
  return (t) => {
    let found = seen.get(t.name);
    if (!found) seen.set(t.name, (found = accessThrough(db(), auth, 'GET', t.api, ruleResourceOf(t))));
    return found;
  };
};

/**
 * Forms send an empty password to mean "leave it as it is". A secret left in
 * the body (a password) is then refused to an API token: programs never
 * manage passwords.
 */
function blankDroppers(r: ResourceDef): BlankDroppers {
  const fieldsOf = (keep: (d: ResourceDef['fields'][string]) => boolean | undefined) =>
    Object.entries(r.fields)
      .filter(([, d]) => keep(d))
      .map(([f]) => f);
  const keepWhenBlank = fieldsOf((d) => kindOf(d).blankKeepsValue);
  const secrets = fieldsOf((d) => kindOf(d).secret);
  const dropBlank = (req: Pick<FastifyRequest, 'auth'>, body: Body | null) => {
    if (!body) return;
    for (const f of keepWhenBlank) if (body[f] === '' || body[f] === null) Reflect.deleteProperty(body, f);
    if (req.auth?.token && secrets.some((f) => Object.hasOwn(body, f))) throw forbidden(API_TOKEN_MESSAGES.secret);
  };
  return {
    fromBody: async (req) => dropBlank(req, req.body as Body | null),
    fromData: async (req) => {
      const body = req.body as { data?: unknown } | null;
      if (body && typeof body === 'object' && Object.hasOwn(body, 'data') && body.data && typeof body.data === 'object') {
        dropBlank(req, body.data as Body);
      }
    },
  };
}

/** `GET {api}`: a page of the list, with the extras its kinds add. */
function registerList({ app, r, api, db, storage }: ResourceRoutes) {
  // E.g. lists of resources with images tell clients where image paths start.
  const listExtras = Object.assign({}, ...Object.values(r.fields).map((d) => serverKindOf(d).listExtras?.(storage) ?? {})) as Record<
    string,
    unknown
  >;
  app.get<{ Querystring: ListParams }>(
    r.api,
    { config: { resource: ruleResourceOf(r) }, preValidation: refuseUnknownParams(api.list.querystring), schema: api.list },
    async (req) => ({
      ...(await listRecords(db(), r, req.query, storage, accessOf(req), targetsOf(db, req))),
      ...listExtras,
    }),
  );
}

/**
 * `GET {api}/export.csv`: the list's search, filters and order as a CSV
 * download, streamed in batches; whoever may list may export (the list
 * route's permission).
 */
function registerExport({ app, r, db, storage }: ResourceRoutes) {
  const exportQuery = exportQuerySchema(r);
  app.get<{ Querystring: ListParams }>(
    `${r.api}/export.csv`,
    {
      config: { rbacRoute: r.api, resource: ruleResourceOf(r) },
      preValidation: refuseUnknownParams(exportQuery),
      schema: operation({
        operationId: `export${stemOf(r.name)}Csv`,
        summary: `The ${r.name} list (search, filters, order) as CSV`,
        tags: [r.name],
        querystring: exportQuery,
        produces: ['text/csv', 'application/json'],
        response: { 200: Type.String() },
      }),
    },
    async (req, reply) => {
      // Refused before the download starts: once streaming, an error could only cut it short.
      refuseHiddenParams(r, req.query, accessOf(req));
      const stream = Readable.from(exportCsv(db(), r, req.query, storage, accessOf(req), targetsOf(db, req)), { objectMode: false });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${r.name}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}

/** `GET {api}/:id`. */
function registerGet({ app, r, api, db, storage }: ResourceRoutes) {
  app.get<{ Params: IdParams }>(`${r.api}/:id`, { config: { resource: ruleResourceOf(r) }, schema: api.get }, async (req, reply) =>
    tagged(reply, await getRecord(db(), r, req.params.id, storage, accessOf(req), targetsOf(db, req))),
  );
}

/** The record's entity tag, its version: what a later `If-Match` names. */
function tagged(reply: FastifyReply, record: ApiRecord): ApiRecord {
  if (typeof record._version === 'number') reply.header('etag', `"${record._version}"`);
  return record;
}

/** The write's context with what `If-Match` asks of the records it writes. */
export const withPreconditions = (ctx: WriteContext, req: FastifyRequest, ids: readonly string[]): WriteContext => ({
  ...ctx,
  preconditions: preconditionsOf(req.headers['if-match'], ids),
});

/** `POST {api}`. */
function registerCreate({ app, r, api, db, ctx, dropBlanks }: ResourceRoutes) {
  app.post<{ Body: Body }>(
    r.api,
    { bodyLimit: r.bodyLimit, config: { resource: ruleResourceOf(r) }, preValidation: dropBlanks.fromBody, schema: api.create },
    async (req, reply) => {
      const record = await createRecord(db(), r, req.body, ctx(req));
      return reply.status(201).send(record);
    },
  );
}

/** `PUT {api}/:id`, and `PUT {api}` for several records alike. */
function registerUpdate({ app, r, api, db, ctx, dropBlanks }: ResourceRoutes) {
  const bodyLimit = r.bodyLimit;
  app.put<{ Params: IdParams; Body: Body }>(
    `${r.api}/:id`,
    { bodyLimit, config: { resource: ruleResourceOf(r) }, preValidation: dropBlanks.fromBody, schema: api.update },
    async (req, reply) => {
      const ids = [req.params.id];
      const [{ record }] = await updateRecords(db(), r, ids, req.body, withPreconditions(ctx(req), req, ids));
      return tagged(reply, record);
    },
  );
  // react-admin's updateMany in one request: the same permission record as
  // a single update (PUT {api}/:id), so roles that may update may do it in bulk.
  app.put<{ Body: UpdateManyBody }>(
    r.api,
    {
      bodyLimit,
      config: { rbacRoute: `${r.api}/:id`, resource: ruleResourceOf(r) },
      preValidation: dropBlanks.fromData,
      schema: api.updateMany,
    },
    async (req) => {
      const changed = await updateRecords(db(), r, req.body.ids, req.body.data, withPreconditions(ctx(req), req, req.body.ids));
      return { data: changed.map((c) => c.record) };
    },
  );
}

/** `DELETE {api}/:id`, and `DELETE {api}?ids=` for several records. */
function registerDelete({ app, r, api, db, ctx }: ResourceRoutes) {
  app.delete<{ Params: IdParams }>(`${r.api}/:id`, { config: { resource: ruleResourceOf(r) }, schema: api.delete }, async (req) => {
    const ids = [req.params.id];
    await deleteRecords(db(), r, ids, withPreconditions(ctx(req), req, ids));
    return { ok: true };
  });
  // react-admin's deleteMany in one request, under the single delete's permission record.
  app.delete<{ Querystring: { ids: string } }>(
    r.api,
    {
      config: { rbacRoute: `${r.api}/:id`, resource: ruleResourceOf(r) },
      preValidation: refuseUnknownParams(api.deleteMany.querystring),
      schema: api.deleteMany,
    },
    async (req) => {
      const ids = req.query.ids.split(',');
      const befores = await deleteRecords(db(), r, ids, withPreconditions(ctx(req), req, ids));
      return { data: befores.map((b) => b._id) };
    },
  );
}

/** list/get/create/update/delete for one declared resource. */
function registerResource(app: FastifyInstance, r: ResourceDef, find: FindResource) {
  const ops = operationsOf(r);
  const { storage } = app.deps;
  const routes: ResourceRoutes = {
    app,
    r,
    api: crudOperations(r, find),
    db: () => app.deps.database.db,
    storage,
    ctx: writeContextOf(r, storage, () => app.deps.database.db),
    dropBlanks: blankDroppers(r),
  };
  if (ops.includes('list')) {
    registerList(routes);
    registerExport(routes);
  }
  if (ops.includes('get')) registerGet(routes);
  if (ops.includes('create')) registerCreate(routes);
  if (ops.includes('update')) registerUpdate(routes);
  if (ops.includes('delete')) registerDelete(routes);
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
