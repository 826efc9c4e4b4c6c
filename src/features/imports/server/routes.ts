import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { hasOperation, type ResourceDef } from '../../../core/shared/resource';
import { kindOf } from '../../../core/field-kinds';
import { csvCell } from '../../../core/shared/csv';
import { forbidden, HttpError, notFound } from '../../../core/server/http/http-error';
import { pgCode } from '../../../core/server/crud/db-errors';
import type { Db } from '../../../core/server/db/client';
import { importErrors, imports } from '../../../core/server/db/system-tables';
import { inTransaction } from '../../../core/server/db/transaction';
import { importOperations, type RunRequest } from '../contract';
import { badMapping, ID_COLUMN, proposeMapping, type Mapping } from './mapping';
import { mayWrite, writesOf } from './permissions';
import { FileProblem, langOf, say, type Lang } from './problems';
import type { ImportRunner } from './runner';
import { noCounts, ownImport, statusOf, type ImportRow } from './store';
import { storeUpload } from './upload';

type IdParams = { id: string };

/** The signed-in caller (these routes are for signed-in people only). */
function who(req: FastifyRequest) {
  if (!req.auth) throw forbidden();
  return req.auth;
}

/** The caller's import, or a 404 (someone else's is as if it did not exist). */
async function mine(db: Db, req: FastifyRequest, r: ResourceDef, id: string): Promise<ImportRow> {
  const row = await ownImport(db, id, who(req).userId, r.name);
  if (!row) throw notFound('Import');
  return row;
}

/** Answers a file's problem in the caller's language. */
async function inLanguage<T>(lang: Lang, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FileProblem) throw err.toHttp(lang);
    throw err;
  }
}

/** The key of an update or upsert: `_id` or a unique field the mapping fills; else a 400. */
function keyOf(r: ResourceDef, body: RunRequest, mapping: Mapping, lang: Lang): string | null {
  if (body.action === 'create') return null;
  const key = body.key ?? ID_COLUMN;
  const mapped = Object.values(mapping).includes(key);
  const unique = key === ID_COLUMN || (Object.hasOwn(r.fields, key) && r.fields[key].unique === true);
  if (!mapped || !unique) throw new HttpError(400, say(lang, 'bad_key'), undefined, 'import_bad_key');
  return key;
}

/** The failed rows as they were, each with its messages in an extra column; secrets left blank. */
async function* errorsCsv(db: Db, r: ResourceDef, row: ImportRow): AsyncGenerator<string> {
  const columns = row.columns as string[];
  const mapping = row.mapping as Mapping;
  const secret = columns.map((c) => {
    const f = mapping[c];
    return Boolean(f && Object.hasOwn(r.fields, f) && kindOf(r.fields[f]).secret);
  });
  const errorColumn = row.lang === 'el' ? 'σφάλμα' : 'error';
  // Split as the uploaded file was (a spreadsheet set to semicolons opens it in columns); a JSON file's with commas.
  const delimiter = row.format === 'csv' && row.delimiter === ';' ? ';' : ',';
  const csvLine = (cells: string[]) => cells.map((c) => csvCell(c, delimiter)).join(delimiter) + '\r\n';
  yield '\uFEFF' + csvLine([...columns, errorColumn]);
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        seq: importErrors.seq,
        line: importErrors.line,
        column: importErrors.column,
        message: importErrors.message,
        raw: importErrors.raw,
      })
      .from(importErrors)
      .where(and(eq(importErrors.importId, row.id), gt(importErrors.seq, after)))
      .orderBy(asc(importErrors.seq))
      .limit(1000);
    if (!batch.length) return;
    // A row with several errors is one line, its messages together (errors of one row are stored one after another).
    const lines: { raw: unknown; messages: string[]; line: number }[] = [];
    for (const e of batch) {
      const last = lines[lines.length - 1];
      const text = `${e.column ? `${e.column}: ` : ''}${e.message}`;
      if (last && last.line === e.line) last.messages.push(text);
      else lines.push({ raw: e.raw, messages: [text], line: e.line });
    }
    yield lines
      .map(({ raw, messages, line: at }) => {
        const cells = columns.map((c, i) => {
          if (secret[i]) return '';
          const v = Array.isArray(raw) ? raw[i] : raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[c] : undefined;
          return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
        });
        return csvLine([...cells, `${say(row.lang, 'line_label', { line: at })} ${messages.join('; ')}`]);
      })
      .join('');
    after = batch[batch.length - 1].seq;
    if (batch.length < 1000) return;
  }
}

/** The import routes of one resource. */
function resourceImportRoutes(app: FastifyInstance, r: ResourceDef, runner: ImportRunner) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const ops = importOperations(r);
  const db = () => app.deps.database.db;
  const base = `${r.api}/imports`;
  // Signed-in people; whether they may import is the resource's own create or update permission, checked here.
  const config = { access: 'self' as const };

  api.post(base, { config, schema: ops.upload }, async (req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    const auth = who(req);
    if (!(await mayWrite(db(), auth, r, 'create')) && !(await mayWrite(db(), auth, r, 'update'))) throw forbidden();
    const file = await inLanguage(lang, () => storeUpload(req, app.deps.storage, app.deps.config.importMaxBytes));
    if (!req.query.confirm) {
      const [before] = await db()
        .select({ at: imports.updatedAt })
        .from(imports)
        .where(and(eq(imports.resource, r.name), eq(imports.fileHash, file.hash), eq(imports.mode, 'commit'), eq(imports.state, 'done')))
        .limit(1);
      if (before) {
        await app.deps.storage.remove(file.key).catch(() => undefined);
        throw new HttpError(
          409,
          say(lang, 'already_imported', { date: before.at?.slice(0, 10) ?? '' }),
          undefined,
          'import_already_imported',
        );
      }
    }
    const mapping = proposeMapping(r, file.columns);
    const [row] = await db()
      .insert(imports)
      .values({
        resource: r.name,
        ownerId: auth.userId,
        lang,
        fileKey: file.key,
        fileName: file.name,
        fileHash: file.hash,
        fileBytes: file.bytes,
        format: file.shape.format,
        delimiter: file.shape.delimiter,
        columns: file.columns,
        mapping,
        totalRows: file.rows,
      })
      .returning({ id: imports.id });
    return reply.status(201).send({ id: row.id, columns: file.columns, mapping, format: file.shape.format, rows: file.rows });
  });

  api.get<{ Params: IdParams }>(`${base}/:id`, { config, schema: ops.get }, async (req) =>
    statusOf(db(), await mine(db(), req, r, req.params.id)),
  );

  api.post<{ Params: IdParams }>(`${base}/:id/run`, { config, schema: ops.run }, async (req, reply) => {
    const row = await mine(db(), req, r, req.params.id);
    const lang = (row.lang === 'el' ? 'el' : 'en') as Lang;
    const body = req.body as RunRequest;
    for (const op of writesOf(body.action)) if (!(await mayWrite(db(), who(req), r, op))) throw forbidden();
    const mapping = (body.mapping ?? row.mapping) as Mapping;
    const bad = badMapping(r, row.columns as string[], mapping);
    if (bad) throw new HttpError(400, say(lang, 'bad_mapping', bad), undefined, 'import_bad_mapping');
    if (!Object.values(mapping).some((f) => f && f !== ID_COLUMN))
      throw new HttpError(400, say(lang, 'nothing_mapped'), undefined, 'import_nothing_mapped');
    const key = keyOf(r, body, mapping, lang);
    if (row.state === 'queued' || row.state === 'running') throw new HttpError(409, say(lang, 'not_runnable'), undefined, 'import_running');
    try {
      await inTransaction(db(), async (tx) => {
        await tx.delete(importErrors).where(eq(importErrors.importId, row.id));
        await tx
          .update(imports)
          .set({
            state: 'queued',
            mode: body.mode,
            action: body.action,
            keyField: key,
            atomic: body.atomic,
            mapping,
            rowsDone: 0,
            result: noCounts(),
            message: null,
            lockedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(imports.id, row.id), inArray(imports.state, ['uploaded', 'done', 'failed', 'cancelled'])));
      });
    } catch (err) {
      // The one-running-import-per-resource-and-person index.
      if (pgCode(err) === '23505') throw new HttpError(409, say(lang, 'busy', { resource: r.name }), undefined, 'import_busy');
      throw err;
    }
    void runner.kick();
    return reply.status(202).send(await statusOf(db(), await mine(db(), req, r, row.id)));
  });

  api.get<{ Params: IdParams }>(`${base}/:id/errors.csv`, { config, schema: ops.errorsCsv }, async (req, reply) => {
    const row = await mine(db(), req, r, req.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${r.name}-import-errors.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(errorsCsv(db(), r, row), { objectMode: false }));
  });

  api.post<{ Params: IdParams }>(`${base}/:id/cancel`, { config, schema: ops.cancel }, async (req) => {
    const row = await mine(db(), req, r, req.params.id);
    await db()
      .update(imports)
      .set({ state: 'cancelled', message: say(row.lang, 'cancelled'), lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(imports.id, row.id), inArray(imports.state, ['queued', 'running'])));
    return statusOf(db(), await mine(db(), req, r, row.id));
  });
}

/** The import routes of every declared resource that may be created or updated. */
export function importRoutes(resources: readonly ResourceDef[], runner: ImportRunner) {
  return async (app: FastifyInstance) => {
    for (const r of resources) if (hasOperation(r, 'create') || hasOperation(r, 'update')) resourceImportRoutes(app, r, runner);
  };
}
