import type { ServerFeature } from '../../../core/server/feature';
import { dailyJob } from '../../../core/server/ops/daily-job';
import { changeEventType } from '../../../core/server/crud/change-events';
import { EXTRA_EVENTS } from '../contract';
import { createDelivery, purgeOld } from './delivery';
import { recordAsOwner } from './record-for';
import { webhookRoutes } from './routes';
import { webhookMetrics } from './metrics';

/**
 * Outgoing webhooks: the endpoints' routes, the delivery of the outbox in
 * this process (any replica delivers; each delivery is taken by one), and
 * the daily purge of the delivery log.
 */
export const webhooksFeature: ServerFeature = {
  name: 'webhooks',
  async register(app, { resources, onStart }) {
    const db = () => app.deps.database.db;
    const delivery = createDelivery({
      db,
      config: app.deps.config.webhooks,
      log: app.log,
      recordFor: (resource, id, ownerId) => recordAsOwner(db(), resources, app.deps.storage, resource, id, ownerId),
    });
    const types = new Set<string>(EXTRA_EVENTS);
    for (const r of resources) for (const op of ['create', 'update', 'delete', 'restore'] as const) types.add(changeEventType(r, op));
    await app.register(webhookRoutes({ delivery, eventTypes: () => types }));
    webhookMetrics(app);
    const purge = dailyJob(app, 'webhook log purge failed; the next run tries again', () =>
      app.deps.database.maintenance((m) => purgeOld(m, app.deps.config.webhooks.logDays)),
    );
    onStart(async () => {
      delivery.start();
      await purge.start();
    });
    app.addHook('onClose', async () => {
      await delivery.stop();
    });
  },
};
