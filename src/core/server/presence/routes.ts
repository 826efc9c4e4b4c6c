import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationsOf, type ResourceDef } from '../../shared/resource';
import { presenceOperations } from '../../shared/api/presence';
import { ruleResourceOf } from '../../shared/access-rules';
import { getRecord } from '../crud/repository';
import { signedIn } from '../http/signed-in';
import type { ServerFeature } from '../feature';
import { targetsOf } from '../routes/crud';
import { editorsOf, join, leave, type PresenceKey } from './store';

type IdParams = { id: string };

/** `{api}/:id/presence` of one resource, under the record's read permission. */
function registerPresence(app: FastifyInstance, r: ResourceDef) {
  const ops = presenceOperations(r);
  const db = () => app.deps.database.db;
  // Presence is people with a form open: API tokens are refused here.
  const config = { rbacRoute: `${r.api}/:id`, rbacMethod: 'GET', resource: ruleResourceOf(r), apiTokens: false };
  /** The record must be there and readable by the caller (else 404): its editors are no one else's business. */
  const keyOf = async (req: FastifyRequest<{ Params: IdParams }>): Promise<PresenceKey> => {
    await getRecord(db(), r, req.params.id, app.deps.storage, req.auth?.access ?? null, targetsOf(db, req));
    return { resource: r.name, recordId: req.params.id };
  };
  const path = `${r.api}/:id/presence`;
  app.get<{ Params: IdParams }>(path, { config, schema: ops.list }, async (req) => ({
    editors: await editorsOf(db(), await keyOf(req), signedIn(req).userId),
  }));
  app.put<{ Params: IdParams }>(path, { config, schema: ops.join }, async (req) => {
    const key = await keyOf(req);
    const me = signedIn(req);
    await join(db(), key, me.sessionId, me.userId);
    return { editors: await editorsOf(db(), key, me.userId) };
  });
  app.delete<{ Params: IdParams }>(path, { config, schema: ops.leave }, async (req) => {
    await leave(db(), { resource: r.name, recordId: req.params.id }, signedIn(req).sessionId);
    return { ok: true as const };
  });
}

/** Who else has a record open, for every resource edited one record at a time. */
export const presenceFeature: ServerFeature = {
  name: 'presence',
  async register(app, { resources }) {
    await app.register(async (scoped) => {
      for (const r of resources) if (operationsOf(r).includes('update') && operationsOf(r).includes('get')) registerPresence(scoped, r);
    });
  },
};
