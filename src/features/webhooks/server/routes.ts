import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../core/server/db/system-tables';
import { badRequest, notFound } from '../../../core/server/http/http-error';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import type { Db } from '../../../core/server/db/client';
import type { AuditDiff } from '../../audit/contract';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';
import { newSecret } from './signature';
import { checkEndpointUrl, UnsafeUrl } from './url-guard';
import type { Delivery } from './delivery';

/** How long a rotated-out secret still signs beside the new one. */
const ROTATION_OVERLAP_HOURS = 24;

export const ENDPOINT_COLUMNS = {
  _id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  includeRecord: webhookEndpoints.includeRecord,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  ownerId: webhookEndpoints.ownerId,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

const DELIVERY_COLUMNS = {
  _id: webhookDeliveries.id,
  eventType: webhookDeliveries.eventType,
  status: sql<(typeof contract.DELIVERY_STATUSES)[number]>`${webhookDeliveries.status}`,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
};

type EndpointRow = Awaited<ReturnType<typeof endpointOf>>;

async function endpointOf(db: Db, id: string) {
  const [row] = await db.select(ENDPOINT_COLUMNS).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** The fields of an endpoint the audit trail compares. */
const AUDITED = ['url', 'description', 'events', 'enabled', 'includeRecord'] as const;

function diffOf(before: Partial<EndpointRow> | null, after: Partial<EndpointRow> | null): AuditDiff {
  const diff: AuditDiff = {};
  for (const f of AUDITED) {
    const b = before?.[f] ?? null;
    const a = after?.[f] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) diff[f] = { before: b, after: a };
  }
  return diff;
}

export interface WebhookRouteOptions {
  delivery: Delivery;
  /** Every event type an endpoint may name. */
  eventTypes: () => ReadonlySet<string>;
}

/**
 * `/api/auth/webhooks`: endpoints (CRUD, secret rotation), their delivery
 * log, redelivery, replay and a test event. Each route is a permission
 * record of its own (superadmins hold them all).
 */
export function webhookRoutes(opts: WebhookRouteOptions) {
  return async function routes(server: FastifyInstance) {
    const app = server.withTypeProvider<TypeBoxTypeProvider>();
    const db = () => app.deps.database.db;
    const cfg = () => app.deps.config.webhooks;

    /** The URL as saved, or a 400 saying why it may not receive webhooks. */
    async function checkedUrl(raw: string): Promise<string> {
      try {
        return (await checkEndpointUrl(raw.trim(), cfg())).toString();
      } catch (err) {
        if (err instanceof UnsafeUrl) throw badRequest(err.message, { url: err.message });
        throw err;
      }
    }

    function checkEvents(events: readonly string[]): string[] {
      const known = opts.eventTypes();
      const unknown = events.filter((e) => e !== '*' && !known.has(e));
      if (unknown.length) {
        const message = `Unknown event type: ${unknown.slice(0, 3).join(', ')}.`;
        throw badRequest(message, { events: message });
      }
      return events.includes('*') ? ['*'] : [...events];
    }

    const audit = (tx: Db, req: FastifyRequest, action: string, id: string, diff: AuditDiff) =>
      recordAudit(tx, auditActorOf(req), { action, resource: 'webhooks', recordId: id, diff });

    app.get('/api/auth/webhooks', { schema: contract.listEndpoints }, async () => ({
      data: await db().select(ENDPOINT_COLUMNS).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)),
    }));

    app.get('/api/auth/webhooks/:id', { schema: contract.getEndpoint }, async (req) => endpointOf(db(), req.params.id));

    app.post('/api/auth/webhooks', { schema: contract.createEndpoint }, async (req, reply) => {
      const { description = null, enabled = true, includeRecord = false } = req.body;
      const url = await checkedUrl(req.body.url);
      const events = checkEvents(req.body.events);
      const secret = newSecret();
      const created = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            url,
            description: description?.trim() || null,
            events,
            enabled,
            includeRecord,
            secret,
            ownerId: req.auth?.userId ?? null,
          })
          .returning(ENDPOINT_COLUMNS);
        await audit(tx, req, 'webhook-create', row._id, diffOf(null, row));
        return row;
      });
      return reply.status(201).send({ ...created, secret });
    });

    app.put('/api/auth/webhooks/:id', { schema: contract.updateEndpoint }, async (req) => {
      const body = req.body;
      const set: Partial<typeof webhookEndpoints.$inferInsert> = {};
      if (body.url !== undefined) set.url = await checkedUrl(body.url);
      if (body.events !== undefined) set.events = checkEvents(body.events);
      if (body.description !== undefined) set.description = body.description?.trim() || null;
      if (body.includeRecord !== undefined) set.includeRecord = body.includeRecord;
      if (body.enabled !== undefined) {
        set.enabled = body.enabled;
        // Enabled again by a person: the run of failures starts over.
        if (body.enabled) Object.assign(set, { disabledReason: null, failingSince: null });
      }
      return db().transaction(async (tx) => {
        const before = await endpointOf(tx, req.params.id);
        const [after] = await tx
          .update(webhookEndpoints)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(webhookEndpoints.id, req.params.id))
          .returning(ENDPOINT_COLUMNS);
        const diff = diffOf(before, after);
        if (Object.keys(diff).length) await audit(tx, req, 'webhook-update', after._id, diff);
        return after;
      });
    });

    app.delete('/api/auth/webhooks/:id', { schema: contract.deleteEndpoint }, async (req) =>
      db().transaction(async (tx) => {
        const before = await endpointOf(tx, req.params.id);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, req.params.id));
        await audit(tx, req, 'webhook-delete', before._id, diffOf(before, null));
        return { ok: true as const };
      }),
    );

    app.post('/api/auth/webhooks/:id/rotate-secret', { schema: contract.rotateSecret }, async (req) => {
      const secret = newSecret();
      const row = await db().transaction(async (tx) => {
        await endpointOf(tx, req.params.id);
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            previousSecret: sql`${webhookEndpoints.secret}`,
            previousUntil: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
            secret,
            updatedAt: sql`now()`,
          })
          .where(eq(webhookEndpoints.id, req.params.id))
          .returning(ENDPOINT_COLUMNS);
        await audit(tx, req, 'webhook-rotate-secret', after._id, { secret: { before: '[redacted]', after: '[redacted]' } });
        return after;
      });
      return { ...row, secret };
    });

    app.get('/api/auth/webhooks/:id/deliveries', { schema: contract.listDeliveries }, async (req) => {
      await endpointOf(db(), req.params.id);
      const { page, limit, status } = req.query;
      const where = and(eq(webhookDeliveries.endpointId, req.params.id), status ? eq(webhookDeliveries.status, status) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db()
          .select(DELIVERY_COLUMNS)
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        db().select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { data: rows, total: Number(n), page, pages: pageCount(Number(n), limit) };
    });

    async function deliveryOf(tx: Db, endpointId: string, deliveryId: string) {
      const [row] = await tx
        .select({ ...DELIVERY_COLUMNS, data: webhookDeliveries.data })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
      if (!row) throw notFound('Delivery');
      return row;
    }

    app.get('/api/auth/webhooks/:id/deliveries/:deliveryId', { schema: contract.getDelivery }, async (req) => {
      const row = await deliveryOf(db(), req.params.id, req.params.deliveryId);
      const log = await db()
        .select({
          _id: webhookAttempts.id,
          at: webhookAttempts.at,
          requestHeaders: sql<Record<string, string>>`${webhookAttempts.requestHeaders}`,
          requestBody: webhookAttempts.requestBody,
          responseStatus: webhookAttempts.responseStatus,
          responseBody: webhookAttempts.responseBody,
          error: webhookAttempts.error,
          durationMs: webhookAttempts.durationMs,
        })
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, row._id))
        .orderBy(webhookAttempts.at);
      return { ...row, log };
    });

    /** Makes deliveries due now, again: the same `webhook-id`, a new run of attempts. */
    const again = sql`status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL, updated_at = now()`;

    app.post('/api/auth/webhooks/:id/deliveries/:deliveryId/redeliver', { schema: contract.redeliver }, async (req, reply) => {
      await deliveryOf(db(), req.params.id, req.params.deliveryId);
      await db().execute(sql`UPDATE ${webhookDeliveries} SET ${again} WHERE id = ${req.params.deliveryId}`);
      void opts.delivery.kick();
      const { data: _data, ...row } = await deliveryOf(db(), req.params.id, req.params.deliveryId);
      return reply.status(202).send(row);
    });

    app.post('/api/auth/webhooks/:id/replay', { schema: contract.replay }, async (req, reply) => {
      await endpointOf(db(), req.params.id);
      const since = new Date(req.body.since);
      if (Number.isNaN(since.getTime())) throw badRequest('Give a valid time.', { since: 'Give a valid time.' });
      const res = await db()
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(webhookDeliveries.endpointId, req.params.id),
            eq(webhookDeliveries.status, 'failed'),
            gte(webhookDeliveries.createdAt, since.toISOString()),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      void opts.delivery.kick();
      return reply.status(202).send({ queued: res.length });
    });

    app.post('/api/auth/webhooks/:id/test', { schema: contract.sendTest }, async (req, reply) => {
      const endpoint = await endpointOf(db(), req.params.id);
      const [row] = await db()
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint._id, eventType: 'webhook.test', data: { message: 'A test event from the back office.' } })
        .returning(DELIVERY_COLUMNS);
      void opts.delivery.kick();
      return reply.status(202).send(row);
    });
  };
}
