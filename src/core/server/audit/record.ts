import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditDiff } from '../../../features/audit/contract';
import type { Db } from '../db/client';
import { auditLogs } from '../db/system-tables';
import { clientOf } from '../http/client-of';

/** Who acted, from where: the columns every entry of one request shares. */
export interface AuditActor {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The API token the request came with: every entry made with it names it. */
  tokenId?: string | null;
  tokenName?: string | null;
}

/** What happened to which record. */
export interface AuditEvent {
  action: string;
  resource: string;
  recordId?: string | null;
  diff?: AuditDiff | null;
}

/** A user agent and an e-mail are the client's to write: kept short. */
const TEXT_MAX = 500;
const short = (s: string | null | undefined) => (s ? s.slice(0, TEXT_MAX) : null);

/** The signed-in user of a request (if any) and the client's address and agent. */
export function auditActorOf(req: FastifyRequest, who?: { id: string | null; email: string | null }): AuditActor {
  const client = clientOf(req);
  return {
    actorId: who ? who.id : (req.auth?.userId ?? null),
    actorEmail: who ? who.email : (req.auth?.email ?? null),
    ip: client.ip,
    userAgent: client.userAgent,
    tokenId: req.auth?.token?.id ?? null,
    tokenName: req.auth?.token?.name ?? null,
  };
}

/**
 * Writes one entry. Call it with the transaction of the change it describes:
 * the entry commits with the change, or neither does.
 */
export async function recordAudit(tx: Db, actor: AuditActor, event: AuditEvent): Promise<void> {
  await tx.execute(auditInsert(actor, event));
}

/**
 * The INSERT of one entry, for a writer that runs it inside a statement of
 * its own (a record's version and its entry in one round trip). The text is
 * the same for every entry: values are parameters.
 */
export function auditInsert(actor: AuditActor, event: AuditEvent): SQL {
  const diff = event.diff && Object.keys(event.diff).length ? JSON.stringify(event.diff) : null;
  return sql`INSERT INTO ${auditLogs} (actor_id, actor_email, ip, user_agent, action, resource, record_id, diff, token_id, token_name)
    VALUES (${actor.actorId}::uuid, ${short(actor.actorEmail)}, ${actor.ip}, ${short(actor.userAgent)}, ${event.action},
      ${event.resource}, ${event.recordId ?? null}, ${diff}::jsonb, ${actor.tokenId ?? null}::uuid, ${actor.tokenName ?? null})`;
}

/**
 * The INSERT of several entries of one actor (records created together) in
 * one statement, the entries as one JSON parameter: a few parameters
 * whatever their number, not ten each.
 */
export function auditInsertMany(actor: AuditActor, events: readonly AuditEvent[]): SQL {
  // A key left out is NULL (a JSON null would be stored as a JSON null).
  const rows = events.map((event) => ({
    action: event.action,
    resource: event.resource,
    ...(event.recordId ? { record_id: event.recordId } : {}),
    ...(event.diff && Object.keys(event.diff).length ? { diff: event.diff } : {}),
  }));
  return sql`INSERT INTO ${auditLogs} (actor_id, actor_email, ip, user_agent, action, resource, record_id, diff, token_id, token_name)
    SELECT ${actor.actorId}::uuid, ${short(actor.actorEmail)}, ${actor.ip}, ${short(actor.userAgent)}, v.action,
      v.resource, v.record_id, v.diff, ${actor.tokenId ?? null}::uuid, ${actor.tokenName ?? null}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(action text, resource text, record_id text, diff jsonb)`;
}
