import type { ResourceDef } from '../resource';
import { errors } from './errors';
import { operation } from './operation';
import { LimitParam, PageParam } from './paging';
import { Nullable, Type, type Static } from './schema';
import { IdParams, recordSchema, staleAnswer, type FindResource } from './crud';
import { stemOf } from './stem';

/**
 * The contract of every declared resource's history: its versions, one of
 * them, two compared, and a restore. Versions hold what the API shows of a
 * record, as stored: a ref by its id, pictures by their storage keys
 * (`filesUrl` + key loads one); never a secret. Only the fields the caller
 * may read appear.
 */

/** `?page&limit` of the versions list: newest first, at most 100 a page. */
export const VERSIONS_MAX_LIMIT = 100;

export const VERSION_OPS = ['create', 'update', 'delete', 'restore'] as const;
/** What wrote a version: a string enum (not a union of literals, which fast-json-stringify would check value by value). */
export const VersionOp = Type.Unsafe<(typeof VERSION_OPS)[number]>({ type: 'string', enum: [...VERSION_OPS] });

const versionMeta = {
  version: Type.Integer({ minimum: 1 }),
  at: Type.String({ description: 'When the write committed (ISO 8601).' }),
  op: VersionOp,
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String({ description: 'The writer’s name now; null when nobody signed in wrote it or the account is gone.' })),
};

export const VersionEntry = Type.Object({
  ...versionMeta,
  fields: Type.Array(Type.String(), { description: 'The fields this write changed (those the caller may read).' }),
});
export type VersionEntry = Static<typeof VersionEntry>;

export const VersionList = Type.Object({ data: Type.Array(VersionEntry), total: Type.Integer() });

/** A record as one version holds it: `_id` and stored values. */
export const VersionRecord = Type.Object({ _id: Type.String() }, { additionalProperties: true });

export const VersionDetail = Type.Object({
  ...versionMeta,
  record: VersionRecord,
  filesUrl: Type.String({ description: 'Where stored files load from: this followed by a picture’s key.' }),
});
export type VersionDetail = Static<typeof VersionDetail>;

export const VersionChange = Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() });
export const VersionComparison = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  changes: Type.Array(VersionChange),
  filesUrl: Type.String(),
});
export type VersionComparison = Static<typeof VersionComparison>;

export const VersionParams = Type.Object({ id: Type.String(), n: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const VersionsQuery = Type.Object({ page: PageParam, limit: LimitParam(VERSIONS_MAX_LIMIT, 20) }, { additionalProperties: false });

export const CompareQuery = Type.Object(
  { from: Type.Integer({ minimum: 1, maximum: 2147483647 }), to: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);

export const RestoreBody = Type.Object(
  {
    fields: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 200,
        uniqueItems: true,
        description: 'Only these fields (default: every field the caller may write).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RestoreBody = Static<typeof RestoreBody>;

const READ_RULE = 'Needs the permission to read the record (`GET {api}/{id}`); shows only the fields the caller may read.';

/** The history operations of one resource. */
export function versionOperations(r: ResourceDef, find: FindResource) {
  const s = stemOf(r.name);
  const tags = [r.name];
  const record = recordSchema(r, find);
  return {
    list: operation({
      operationId: `list${s}Versions`,
      summary: `A record’s versions (${r.name}), newest first`,
      description: READ_RULE,
      tags,
      params: IdParams,
      querystring: VersionsQuery,
      response: { 200: VersionList, ...errors(404) },
    }),
    get: operation({
      operationId: `get${s}Version`,
      summary: `A record of ${r.name} as one version holds it`,
      description: READ_RULE,
      tags,
      params: VersionParams,
      response: { 200: VersionDetail, ...errors(404) },
    }),
    compare: operation({
      operationId: `compare${s}Versions`,
      summary: `The fields that differ between two versions of a record of ${r.name}`,
      description: READ_RULE,
      tags,
      params: IdParams,
      querystring: CompareQuery,
      response: { 200: VersionComparison, ...errors(404) },
    }),
    restore: operation({
      operationId: `restore${s}Version`,
      summary: `Bring back a version of a record of ${r.name} (whole, or chosen fields)`,
      description:
        'Runs as an update (permission of `PUT {api}/{id}`, validation, rank rule, access rules, `If-Match`) and stores a new version; ' +
        'no version is removed. Fields the declaration no longer has are listed in `dropped`, never an error.',
      tags,
      params: VersionParams,
      body: RestoreBody,
      response: {
        200: recordSchema(r, find, { dropped: Type.Optional(Type.Array(Type.String())) }),
        ...errors(400, 403, 404, 409),
        412: staleAnswer(record),
      },
    }),
  };
}
