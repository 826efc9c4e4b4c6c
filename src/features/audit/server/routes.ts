import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { auditLogs } from '../../../core/server/db/system-tables';
import { refuseUnknownParams } from '../../../core/server/crud/known-params';
import type { ResourceDef } from '../../../core/shared/resource';
import { auditToApi, auditTotal, auditWhere, exportAuditCsv, newestFirst, seenColumns } from './query';
import { recordLabels } from './record-labels';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';
import { signedIn } from '../../../core/server/http/signed-in';
import { auditVisibility } from './visibility';
import { and } from 'drizzle-orm';

export const AUDIT_ROUTE = '/api/auth/audit-logs';

/** The audit trail: a paged, filtered list (records named by their declarations' labels) and its CSV export (the list's permission). */
export const auditRoutes = (declared: readonly ResourceDef[]) => async (server: FastifyInstance) => {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(AUDIT_ROUTE, { preValidation: refuseUnknownParams(contract.AuditQuery), schema: contract.listAuditLogs }, async (req) => {
    const { page, limit, ...filters } = req.query;
    const seen = await auditVisibility(db(), signedIn(req), declared);
    const where = and(auditWhere(filters, seen), seen.where);
    const offset = pageOffset(page, limit);
    const rows = await db()
      .select(seenColumns(seen))
      .from(auditLogs)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    const total = await auditTotal(db(), where, rows.length, limit, offset);
    const labelOf = await recordLabels(db(), declared, rows);
    const data = rows.map((row) => ({ ...auditToApi(row), recordLabel: labelOf(row, seen.reads) }));
    return { data, total, page, pages: pageCount(total, limit) };
  });

  // Registered without the type provider: the answer is a stream, not the schema's string.
  server.get<{ Querystring: contract.AuditFilters }>(
    `${AUDIT_ROUTE}/export.csv`,
    { config: { rbacRoute: AUDIT_ROUTE }, preValidation: refuseUnknownParams(contract.AuditExportQuery), schema: contract.exportAuditLogs },
    async (req, reply) => {
      // Bad dates answer 400 before the stream starts.
      auditWhere(req.query);
      const seen = await auditVisibility(db(), signedIn(req), declared);
      const stream = Readable.from(exportAuditCsv(db(), req.query, seen), { objectMode: false });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
