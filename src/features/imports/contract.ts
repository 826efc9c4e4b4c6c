import type { ResourceDef } from '../../core/shared/resource';
import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { Id, Nullable, Timestamp, Type, type Static } from '../../core/shared/api/schema';
import { stemOf } from '../../core/shared/api/stem';

/**
 * The import routes every declared resource that may be created or updated
 * gets (`{api}/imports...`): upload a CSV or JSON file, run it as a dry run
 * or for real, follow it, fetch its failed rows, cancel it.
 */

/** `uploaded` until first run; then queued, running, and how it ended. */
export const IMPORT_STATES = ['uploaded', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_MODES = ['dry-run', 'commit'] as const;
export const IMPORT_ACTIONS = ['create', 'update', 'upsert'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** Errors the status answer carries; all of them are in `errors.csv`. */
export const ERRORS_SHOWN = 100;

/** One of `values` (a union built by mapping the list would type as `never`: TypeBox needs a tuple for that). */
const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
/** One of `values`, or null (before the first run). */
const oneOrNull = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number] | null>({ type: ['string', 'null'], enum: [...values, null] });

/** Which field each column of the file goes to; null leaves the column out, `_id` makes it the key of an update. */
export const Mapping = Type.Record(Type.String({ maxLength: 500 }), Nullable(Type.String({ maxLength: 200 })), {
  description: 'Column → field (or `_id`, or null to leave the column out).',
});

export const ImportCounts = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});

/** One problem of one row: the file's physical line, the column, the value as it was (never a secret) and the message. */
export const ImportError = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  column: Nullable(Type.String()),
  value: Nullable(Type.String()),
  message: Type.String(),
});

export const ImportStatus = Type.Object({
  id: Id,
  resource: Type.String(),
  fileName: Nullable(Type.String()),
  format: Type.String(),
  columns: Type.Array(Type.String()),
  mapping: Mapping,
  state: literals(IMPORT_STATES),
  mode: oneOrNull(IMPORT_MODES),
  action: oneOrNull(IMPORT_ACTIONS),
  key: Nullable(Type.String()),
  atomic: Type.Boolean(),
  /** Rows read so far (`rows`) of all the file has (`total`). */
  progress: Type.Object({ rows: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) }),
  result: ImportCounts,
  /** The first ERRORS_SHOWN errors; `errorCount` says how many there are. */
  errors: Type.Array(ImportError),
  errorCount: Type.Integer({ minimum: 0 }),
  /** Why the run stopped, when it did not go through. */
  message: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ImportStatusBody = Static<typeof ImportStatus>;

/** What the event stream (`event: import`) says of an import of yours as it moves. */
export interface ImportEvent {
  id: string;
  resource: string;
  state: ImportState;
  mode: (typeof IMPORT_MODES)[number] | null;
  progress: { rows: number; total: number };
  result: Static<typeof ImportCounts>;
}

export const Uploaded = Type.Object({
  id: Id,
  columns: Type.Array(Type.String()),
  mapping: Mapping,
  format: Type.String(),
  rows: Type.Integer({ minimum: 0 }),
});

export const RunBody = Type.Object(
  {
    mode: Type.String({ enum: [...IMPORT_MODES] }),
    action: Type.String({ enum: [...IMPORT_ACTIONS] }),
    key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    atomic: Type.Boolean(),
    mapping: Type.Optional(Mapping),
  },
  { additionalProperties: false },
);
export type RunRequest = Static<typeof RunBody>;

const IdParams = Type.Object({ id: Id });
const UploadQuery = Type.Object(
  { confirm: Type.Optional(Type.Boolean({ description: 'Import a file already imported once more.' })) },
  { additionalProperties: false },
);

/** The import operations of one resource. */
export function importOperations(r: ResourceDef) {
  const s = stemOf(r.name);
  const tags = [r.name];
  return {
    upload: operation({
      operationId: `upload${s}Import`,
      summary: `Upload a CSV or JSON file to import into ${r.name} (multipart, field "file")`,
      description:
        'CSV in UTF-8 (with or without BOM, comma or semicolon, quoted fields may span lines) or JSON (an array of objects, or one object per line). ' +
        'Answers the columns found and a mapping proposed from the fields’ names and labels. A file imported before is refused (409, ' +
        '`import_already_imported`) unless `?confirm=true`.',
      tags,
      consumes: ['multipart/form-data'],
      querystring: UploadQuery,
      response: { 201: Uploaded, ...errors(403, 409, 413) },
    }),
    get: operation({
      operationId: `get${s}Import`,
      summary: `An import into ${r.name}: its state, progress, result and first errors`,
      tags,
      params: IdParams,
      response: { 200: ImportStatus, ...errors(404) },
    }),
    run: operation({
      operationId: `run${s}Import`,
      summary: `Run an import into ${r.name}: a dry run (nothing written) or a commit`,
      description:
        'Every row goes through what a single create or update goes through. `atomic: true` commits all rows or none; ' +
        '`false` commits in batches and reports the rows that failed. Answers 202: follow it with the GET.',
      tags,
      params: IdParams,
      body: RunBody,
      response: { 202: ImportStatus, ...errors(403, 404, 409) },
    }),
    errorsCsv: operation({
      operationId: `get${s}ImportErrors`,
      summary: `The failed rows of an import into ${r.name}, as they were, with an error column`,
      tags,
      params: IdParams,
      produces: ['text/csv', 'application/json'],
      response: { 200: Type.String({ description: 'CSV' }), ...errors(404) },
    }),
    cancel: operation({
      operationId: `cancel${s}Import`,
      summary: `Cancel an import into ${r.name} (what a batch committed stays)`,
      tags,
      params: IdParams,
      response: { 200: ImportStatus, ...errors(404) },
    }),
  };
}
