import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/system-tables';

/** What a write did to a record, as an event names it (`<resource>.created`). */
export type ChangeOp = 'create' | 'update' | 'delete' | 'restore';

const PAST: Record<ChangeOp, string> = { create: 'created', update: 'updated', delete: 'deleted', restore: 'restored' };

/** The event type of a write: `users.created`, `roles.restored`... */
export const changeEventType = (r: ResourceDef, op: ChangeOp) => `${r.name}.${PAST[op]}`;

/**
 * Queues an event for every enabled webhook endpoint listening to it, in the
 * transaction `tx` of the change it tells: the outbox. A rolled-back change
 * leaves no event; a committed one is delivered by whichever process claims
 * it (src/features/webhooks/server/delivery.ts). With no endpoint listening,
 * this is one statement that inserts nothing.
 */
export async function queueEvent(
  tx: Db,
  type: string,
  data: { id?: string; fields?: readonly string[] } & Record<string, unknown>,
  resource: string | null = null,
): Promise<void> {
  await tx.execute(eventInsert(type, data, resource));
}

/** The outbox INSERT of an event, for a writer that runs it inside a statement of its own (a record's version). */
function eventInsert(
  type: string,
  data: { id?: string; fields?: readonly string[] } & Record<string, unknown>,
  resource: string | null,
): SQL {
  const recordId = typeof data.id === 'string' ? data.id : null;
  return sql`
    INSERT INTO ${webhookDeliveries} (endpoint_id, event_type, resource, record_id, data)
    SELECT e.id, ${type}, ${resource}, ${recordId}, ${JSON.stringify(data)}::jsonb
      FROM ${webhookEndpoints} e
     WHERE e.enabled AND e.events && ARRAY[${type}, '*']::text[]`;
}

/** The INSERT that queues a write of a declared resource as an event: the record's id and the names of the fields it changed. */
export function changeEventInsert(r: ResourceDef, op: ChangeOp, id: string, fields: readonly string[]): SQL {
  return eventInsert(changeEventType(r, op), { resource: r.name, id, fields: [...fields].sort() }, r.name);
}

/**
 * The INSERT that queues one event per record written together (records
 * created at once), each for every enabled endpoint listening to it.
 */
export function changeEventsInsert(r: ResourceDef, op: ChangeOp, records: readonly { id: string; fields: readonly string[] }[]): SQL {
  const type = changeEventType(r, op);
  // One JSON parameter for all of them, as queueEvent's data for each.
  const rows = records.map(({ id, fields }) => ({ record_id: id, data: { resource: r.name, id, fields: [...fields].sort() } }));
  return sql`
    INSERT INTO ${webhookDeliveries} (endpoint_id, event_type, resource, record_id, data)
    SELECT e.id, ${type}, ${r.name}, v.record_id, v.data
      FROM ${webhookEndpoints} e, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(record_id text, data jsonb)
     WHERE e.enabled AND e.events && ARRAY[${type}, '*']::text[]`;
}

/** Queues a write of a declared resource as an event (changeEventInsert, run now). */
export async function queueChangeEvent(tx: Db, r: ResourceDef, op: ChangeOp, id: string, fields: readonly string[]): Promise<void> {
  await tx.execute(changeEventInsert(r, op, id, fields));
}
