import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../../core/server/db/rows';
import { webhookDeliveries, webhookEndpoints } from '../../../core/server/db/system-tables';

/**
 * The webhook outbox on `/metrics`, read at scrape time: deliveries in the
 * log by endpoint and outcome, the queue's depth (pending deliveries of
 * enabled endpoints) and the age of the oldest of them.
 */
export function webhookMetrics(app: FastifyInstance): void {
  const db = () => app.deps.database.db;
  new Gauge({
    name: 'webhook_deliveries',
    help: 'Webhook deliveries in the log by endpoint and outcome (pending, succeeded, failed)',
    labelNames: ['endpoint', 'status'],
    registers: [app.metrics.registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ endpoint_id: string; status: string; n: number }>(
        await db().execute(sql`SELECT endpoint_id, status, count(*)::int AS n FROM ${webhookDeliveries} GROUP BY 1, 2`),
      );
      for (const r of rows) this.set({ endpoint: String(r.endpoint_id), status: r.status }, Number(r.n));
    },
  });
  const pending = async () => {
    const [row] = rowsOf<{ n: number; oldest: number | null }>(
      await db().execute(sql`
        SELECT count(*)::int AS n, extract(epoch FROM now() - min(d.created_at))::float8 AS oldest
          FROM ${webhookDeliveries} d JOIN ${webhookEndpoints} e ON e.id = d.endpoint_id AND e.enabled
         WHERE d.status = 'pending'`),
    );
    return { n: Number(row?.n ?? 0), oldest: Number(row?.oldest ?? 0) };
  };
  app.metrics.gauge('webhook_queue_depth', 'Webhook deliveries waiting to be sent (enabled endpoints)', async () => (await pending()).n);
  app.metrics.gauge(
    'webhook_oldest_pending_seconds',
    'Age of the oldest webhook delivery waiting to be sent',
    async () => (await pending()).oldest,
  );
}
