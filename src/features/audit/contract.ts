import { operation } from '../../core/shared/api/operation';
import { LimitParam, PageParam, SearchParam } from '../../core/shared/api/paging';
import { Id, Nullable, PageInfo, Type, type Static } from '../../core/shared/api/schema';

const tags = ['audit'];

/**
 * What the audit trail records. The API accepts any action name of this
 * shape (parts of the product add their own); these are the ones the
 * admin's filter offers and translates.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'purge-expired',
  'approve',
  'reject',
  'register',
  'role-link',
  'role-unlink',
  'permission-link',
  'access-rules',
  'sign-in',
  'sign-in-failed',
  'sign-in-provider',
  'password-change',
  'password-reset',
  'sessions-end',
  'api-token-create',
  'api-token-revoke',
  'sign-out',
  'two-factor-enable',
  'two-factor-disable',
  'two-factor-reset',
  'two-factor-failed',
  'recovery-code-use',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A secret's value as every diff shows it. */
export const REDACTED = '[redacted]';

/** UTC day (`2026-01-31`) or an ISO date-time (`2026-01-31T12:00:00Z`). */
const WHEN_PATTERN = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

/** The filters of the list and of its CSV export. */
const filters = {
  q: Type.Optional(SearchParam),
  /** A user id, or part of the e-mail the actor had. */
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  resource: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' })),
  action: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' })),
  recordId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** Entries whose diff names this field (e.g. one translation key's history). */
  field: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  /** From this moment (a day: its start, UTC). */
  from: Type.Optional(Type.String({ pattern: WHEN_PATTERN })),
  /** Up to this moment (a day: its end, UTC). */
  to: Type.Optional(Type.String({ pattern: WHEN_PATTERN })),
};

export const AuditQuery = Type.Object({ page: PageParam, limit: LimitParam(1000, 25), ...filters }, { additionalProperties: false });
export const AuditExportQuery = Type.Object(filters, { additionalProperties: false });
export type AuditFilters = Static<typeof AuditExportQuery>;

/** One field's change: its value before and after, or for lists what was added and removed. */
export const DiffEntry = Type.Object({
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  added: Type.Optional(Type.Array(Type.Unknown())),
  removed: Type.Optional(Type.Array(Type.Unknown())),
});
export type DiffEntry = Static<typeof DiffEntry>;
export type AuditDiff = Record<string, DiffEntry>;

export const AuditEntry = Type.Object({
  _id: Id,
  at: Type.String({ format: 'date-time' }),
  actorId: Nullable(Id),
  actorEmail: Nullable(Type.String()),
  action: Type.String(),
  resource: Type.String(),
  recordId: Nullable(Type.String()),
  /** What the record is called now (its resource's label field, e.g. a user's name); null once deleted or unnamed. */
  recordLabel: Type.Optional(Nullable(Type.String())),
  diff: Nullable(Type.Record(Type.String(), DiffEntry)),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  /** The API token the change was made with (its name then); null for a person's session. */
  tokenId: Nullable(Id),
  tokenName: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const listAuditLogs = operation({
  operationId: 'listAuditLogs',
  summary: 'The audit trail, newest first, filtered',
  tags,
  querystring: AuditQuery,
  response: { 200: Type.Object({ data: Type.Array(AuditEntry), ...PageInfo }) },
});

export const exportAuditLogs = operation({
  operationId: 'exportAuditLogsCsv',
  summary: 'The audit trail (same filters) as CSV',
  tags,
  querystring: AuditExportQuery,
  produces: ['text/csv', 'application/json'],
  response: { 200: Type.String() },
});
