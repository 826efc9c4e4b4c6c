import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhooksConfig } from '../../../core/server/config';
import type { Db } from '../../../core/server/db/client';
import { rowsOf } from '../../../core/server/db/rows';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../core/server/db/system-tables';
import { notificationsT } from '../../../core/server/db/tables';
import { createPoller } from '../../../core/server/ops/poller';
import { createSender, TIMEOUT_MS, type SendResult, type Sender } from './send';
import { signatureHeader } from './signature';

/** Waits before each retry (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (Standard Webhooks' schedule). */
export const RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** An endpoint failing this long is disabled and its owner told. */
export const DISABLE_AFTER_SECONDS = 5 * 24 * 3600;
/**
 * A claimed delivery is the claimer's this long: the longest send (TIMEOUT_MS)
 * plus a margin for reading the record before it and writing the result after.
 * Longer only delays what a replica that died mid-send leaves to the others;
 * shorter than an attempt would let a second replica send it again meanwhile.
 */
export const LEASE_SECONDS = Math.ceil(TIMEOUT_MS / 1000) + 10;
/** Deliveries one pass claims (and sends side by side). */
const BATCH = 50;
/** How often each process looks for due deliveries. */
export const POLL_MS = 1000;
/** The longest `Retry-After` honoured. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

export interface DeliveryOptions {
  db: () => Db;
  config: WebhooksConfig;
  log: FastifyBaseLogger;
  /** `data.record` for an endpoint that asks for it: the record as its owner may read it now, or undefined. */
  recordFor(resource: string, id: string, ownerId: string | null): Promise<unknown>;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_type: string;
  resource: string | null;
  record_id: string | null;
  data: Record<string, unknown>;
  created_at: string | Date;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until: string | Date | null;
  include_record: boolean;
  owner_id: string | null;
  /** The endpoint's last attempts failed (a success clears that). */
  failing: boolean;
}

/** Claims due deliveries of enabled endpoints for a lease, skipping those another process holds; counts the attempt. */
async function claimDue(db: Db): Promise<Claimed[]> {
  const res = await db.execute(sql`
    WITH claimed AS (
      UPDATE ${webhookDeliveries} d
         SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1, updated_at = now()
       WHERE d.id IN (
         SELECT x.id FROM ${webhookDeliveries} x
           JOIN ${webhookEndpoints} e ON e.id = x.endpoint_id AND e.enabled
          WHERE x.status = 'pending' AND x.next_attempt_at <= now() AND (x.locked_until IS NULL OR x.locked_until <= now())
          ORDER BY x.next_attempt_at
          LIMIT ${BATCH}
          FOR UPDATE OF x SKIP LOCKED)
      RETURNING d.id, d.endpoint_id, d.event_type, d.resource, d.record_id, d.data, d.created_at, d.attempts)
    SELECT c.*, e.url, e.secret, e.previous_secret, e.previous_until, e.include_record, e.owner_id, e.failing_since IS NOT NULL AS failing
      FROM claimed c JOIN ${webhookEndpoints} e ON e.id = c.endpoint_id`);
  return rowsOf<Claimed>(res);
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** The signing secrets in force: the current one, and the one a rotation replaced until its 24 hours are over. */
function secretsOf(d: Claimed): string[] {
  const previous = d.previous_secret && d.previous_until && new Date(d.previous_until).getTime() > Date.now();
  return previous ? [d.secret, d.previous_secret as string] : [d.secret];
}

/** The body and headers of one attempt; `webhook-id` is the delivery's id, the same on every attempt. */
async function requestOf(opts: DeliveryOptions, d: Claimed) {
  const data = { ...d.data };
  if (d.include_record && d.resource && d.record_id && !d.event_type.endsWith('.deleted')) {
    const record = await opts.recordFor(d.resource, d.record_id, d.owner_id);
    if (record !== undefined) data.record = record;
  }
  const body = JSON.stringify({ type: d.event_type, timestamp: iso(d.created_at), data });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'backoffice-webhooks/1',
    'webhook-id': d.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secretsOf(d), d.id, timestamp, body),
  };
  return { body, headers };
}

/** Seconds a `Retry-After` asks for (a number or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
  if (!Number.isFinite(n)) return undefined;
  return Math.min(Math.max(0, Math.ceil(n)), MAX_RETRY_AFTER_SECONDS);
}

/** The wait before retry number `attempts` (1-based), with ±10 % jitter; undefined when the schedule is done. */
export function backoffSeconds(attempts: number, scale: number): number | undefined {
  const base = RETRY_SCHEDULE[attempts - 1];
  if (base === undefined) return undefined;
  return base * scale * (0.9 + Math.random() * 0.2);
}

type Outcome = 'succeeded' | 'retry' | 'failed' | 'gone';

function outcomeOf(r: SendResult): Outcome {
  if (r.status !== null && r.status >= 200 && r.status < 300) return 'succeeded';
  if (r.status === 410) return 'gone';
  if (r.status === null || r.status === 429 || r.status >= 500) return 'retry';
  return 'failed';
}

/** Why an attempt failed, in the delivery list. */
const reasonOf = (r: SendResult) => r.error ?? (r.status !== null ? `HTTP ${r.status}` : 'no answer');

/** Disables an endpoint and tells its owner in the bell. */
async function disable(tx: Db, endpointId: string, reason: string): Promise<void> {
  const [row] = rowsOf<{ owner_id: string | null; url: string }>(
    await tx.execute(sql`
      UPDATE ${webhookEndpoints} SET enabled = false, disabled_reason = ${reason}, updated_at = now()
       WHERE id = ${endpointId} AND enabled RETURNING owner_id, url`),
  );
  if (row?.owner_id)
    await tx.insert(notificationsT).values({
      user: row.owner_id,
      title: 'A webhook endpoint was disabled',
      body: `${row.url}: ${reason}`,
      link: `/admin/webhooks/${endpointId}`,
    });
}

/** One attempt made: the delivery, what was sent, what came back. */
interface Attempted {
  d: Claimed;
  req: { body: string; headers: Record<string, string> };
  r: SendResult;
}

const logAttempt = (opts: DeliveryOptions, { d, r }: Attempted, outcome: Outcome) =>
  opts.log[outcome === 'succeeded' ? 'info' : 'warn'](
    { webhookId: d.id, type: d.event_type, status: r.status, outcome, attempt: d.attempts },
    'webhook attempt',
  );

/**
 * Records the successes of one pass on endpoints that were not failing (the
 * common case), whatever their number, in one transaction of two
 * statements: each attempt logged, each delivery succeeded, the endpoints
 * only locked. They are locked first, in one order, as an endpoint's
 * delete (then its deliveries, by cascade) and `settle` lock them: writing
 * several deliveries of an endpoint being deleted without it would
 * deadlock with the delete's cascade.
 */
async function recordSuccesses(db: Db, done: Attempted[]): Promise<void> {
  const endpointIds = JSON.stringify([...new Set(done.map((a) => a.d.endpoint_id))]);
  const rows = JSON.stringify(
    done.map(({ d, req, r }) => ({ id: d.id, headers: req.headers, body: req.body, status: r.status, response: r.body, ms: r.durationMs })),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      SELECT id FROM ${webhookEndpoints}
       WHERE id IN (SELECT jsonb_array_elements_text(${endpointIds}::jsonb)::uuid)
       ORDER BY id FOR KEY SHARE`);
    // An endpoint deleted meanwhile took its deliveries with it: nothing of theirs to record.
    await tx.execute(sql`
      WITH r AS (
        SELECT r.* FROM jsonb_to_recordset(${rows}::jsonb) AS r(id uuid, headers jsonb, body text, status int, response text, ms int)
          JOIN ${webhookDeliveries} d ON d.id = r.id),
      logged AS (
        INSERT INTO ${webhookAttempts} (delivery_id, request_headers, request_body, response_status, response_body, error, duration_ms)
        SELECT id, headers, body, status, response, NULL, ms FROM r)
      UPDATE ${webhookDeliveries} d SET status = 'succeeded', last_status = r.status, last_error = NULL, locked_until = NULL, updated_at = now()
        FROM r WHERE d.id = r.id`);
  });
}

/** Logs the attempt and records what follows: delivered, due again after a wait, or given up (and the endpoint's state). */
async function settle(opts: DeliveryOptions, { d, req, r }: Attempted) {
  const outcome = outcomeOf(r);
  const scale = opts.config.retryScale;
  const attempt = {
    deliveryId: d.id,
    requestHeaders: req.headers,
    requestBody: req.body,
    responseStatus: r.status,
    responseBody: r.body,
    error: r.error,
    durationMs: r.durationMs,
  };
  await opts.db().transaction(async (tx) => {
    // The endpoint first, as its delete does (then its deliveries, by cascade): the other order deadlocks.
    // Deleted meanwhile: its deliveries went with it, nothing to record.
    const held = await tx.execute(sql`SELECT id FROM ${webhookEndpoints} WHERE id = ${d.endpoint_id} FOR NO KEY UPDATE`);
    if (!rowsOf(held).length) return;
    await tx.insert(webhookAttempts).values(attempt);
    if (outcome === 'succeeded') {
      await tx.execute(sql`
        UPDATE ${webhookDeliveries} SET status = 'succeeded', last_status = ${r.status}, last_error = NULL, locked_until = NULL, updated_at = now()
         WHERE id = ${d.id}`);
      await tx.execute(sql`UPDATE ${webhookEndpoints} SET failing_since = NULL WHERE id = ${d.endpoint_id} AND failing_since IS NOT NULL`);
      return;
    }
    const reason = reasonOf(r);
    const wait = outcome === 'retry' ? backoffSeconds(d.attempts, scale) : undefined;
    const asked = outcome === 'retry' ? retryAfterSeconds(r.retryAfter) : undefined;
    if (wait !== undefined) {
      const seconds = Math.max(wait, asked ?? 0);
      await tx.execute(sql`
        UPDATE ${webhookDeliveries}
           SET next_attempt_at = now() + make_interval(secs => ${seconds}), last_status = ${r.status}, last_error = ${reason},
               locked_until = NULL, updated_at = now()
         WHERE id = ${d.id}`);
    } else {
      await tx.execute(sql`
        UPDATE ${webhookDeliveries} SET status = 'failed', last_status = ${r.status}, last_error = ${reason}, locked_until = NULL, updated_at = now()
         WHERE id = ${d.id}`);
    }
    if (outcome === 'gone') {
      await disable(tx, d.endpoint_id, 'The endpoint answered 410 Gone.');
      return;
    }
    const [ep] = rowsOf<{ failing_for: number }>(
      await tx.execute(sql`
        UPDATE ${webhookEndpoints} SET failing_since = COALESCE(failing_since, now())
         WHERE id = ${d.endpoint_id}
        RETURNING extract(epoch FROM now() - failing_since)::float8 AS failing_for`),
    );
    if (ep && Number(ep.failing_for) >= DISABLE_AFTER_SECONDS * scale)
      await disable(tx, d.endpoint_id, 'Every delivery failed for 5 days.');
  });
  logAttempt(opts, { d, req, r }, outcome);
}

async function attempt(opts: DeliveryOptions, sender: Sender, d: Claimed): Promise<Attempted> {
  const req = await requestOf(opts, d);
  return { d, req, r: await sender.send(d.url, req.headers, req.body) };
}

/**
 * Records a pass's attempts once all are back (well within the lease: one
 * send at most, side by side): the successes on endpoints that were not
 * failing together, every other outcome on its own. A write that fails
 * leaves its deliveries claimed: they go out again once the lease ends.
 */
async function recordAll(opts: DeliveryOptions, attempted: Attempted[]): Promise<void> {
  const quick = attempted.filter((a) => outcomeOf(a.r) === 'succeeded' && !a.d.failing);
  const rest = attempted.filter((a) => !quick.includes(a));
  await Promise.all([
    quick.length
      ? recordSuccesses(opts.db(), quick).then(
          () => quick.forEach((a) => logAttempt(opts, a, 'succeeded')),
          (err: unknown) => opts.log.error({ err, webhookIds: quick.map((a) => a.d.id) }, 'webhook delivery'),
        )
      : undefined,
    ...rest.map((a) => settle(opts, a).catch((err: unknown) => opts.log.error({ err, webhookId: a.d.id }, 'webhook delivery'))),
  ]);
}

/**
 * The webhook outbox's delivery, in every process: claims due deliveries
 * (FOR UPDATE SKIP LOCKED with a lease, so each is taken by one process and
 * a process that dies mid-send leaves it to the others once the lease ends),
 * sends them side by side and records each attempt (`recordAll`).
 */
export function createDelivery(opts: DeliveryOptions) {
  const sender = createSender(opts.config.allowPrivate);
  const poller = createPoller({
    pollMs: POLL_MS,
    async step() {
      const batch = await claimDue(opts.db());
      const attempted = await Promise.all(
        batch.map((d) =>
          attempt(opts, sender, d).catch((err: unknown) => {
            opts.log.error({ err, webhookId: d.id }, 'webhook delivery');
            return undefined;
          }),
        ),
      );
      await recordAll(
        opts,
        attempted.filter((a) => a !== undefined),
      );
      return batch.length === BATCH;
    },
    log: opts.log,
    unreachable: 'webhook outbox not reachable; will try again',
  });

  return {
    kick: poller.kick,
    /** Until a pass finds nothing due (tests). */
    flush: () => poller.flush(),
    start: () => poller.start(),
    async stop() {
      await poller.stop();
      sender.destroy();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

/** Deliveries (and their attempts) older than the log's days go, whatever became of them. */
export async function purgeOld(db: Db, days: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${webhookDeliveries}
     WHERE created_at < now() - make_interval(days => ${days})`);
}
