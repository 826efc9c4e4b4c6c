import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessRule } from '../../shared/access-rules';
import { roles, users } from './schema-users';

/** Tables that belong to the server alone, not to any admin resource. */

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    /** Where and with what the session was started ("Where you're signed in"). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Refreshed at most once a minute per session (see touchSession). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /**
     * The identity provider did multi-factor sign-in and OIDC_TRUST_AMR trusts it: a role's
     * two-factor requirement is met for this session without the product's own second factor.
     */
    providerMfa: boolean('provider_mfa').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Mail waiting to be sent (src/core/server/mail/outbox.ts). A row is deleted once
 * sent; a message given up stays as `failed`, its text dropped (links in it
 * carry tokens).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body'),
    html: text('html'),
    /** pending or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Claimed by a process until then (its SMTP exchange); afterwards anyone may take it again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Secrets the server makes for itself, shared by every process on the
 * database: today the JWT signing secret when JWT_SECRET is unset.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * What "Generate" made of each language's entries: the file served at
 * /locales/{language}/translations.json by every replica, with its ETag.
 */
export const translationSnapshots = pgTable('translation_snapshots', {
  language: text('language').primaryKey(),
  body: text('body').notNull(),
  etag: text('etag').notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * The audit trail (written by src/core/server/audit/, read by src/features/audit/):
 * who did what to which record, written in the transaction of the change
 * itself. No foreign key to users: an entry outlives its actor (the e-mail
 * is a snapshot). Purged after AUDIT_RETENTION_DAYS.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Null when nobody was signed in (a failed sign-in). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    /** `{field: {before, after}}` (or `{added, removed}` for lists); secrets redacted. */
    diff: jsonb('diff'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The API token the change was made with (null: a session); its name is a snapshot, as the e-mail. */
    tokenId: uuid('token_id'),
    tokenName: text('token_name'),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at, t.id),
    index('audit_logs_actor_idx').on(t.actorId, t.at),
    index('audit_logs_record_idx').on(t.resource, t.recordId, t.at),
    index('audit_logs_action_idx').on(t.action, t.at),
  ],
);

/**
 * Two-factor sign-in (TOTP, RFC 6238) of a user (src/features/two-factor/server/).
 * Secrets are stored encrypted (AES-256-GCM, its server/secret-box.ts) and
 * never leave the server after set-up. `lastStep` is the last 30-second step
 * a code was accepted for: a code works once.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  secret: text('secret'),
  /** A secret being set up: becomes `secret` when a code made from it is entered. */
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true, mode: 'string' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'string' }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** One-time recovery codes, hashed like passwords (argon2id). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password (or Google) sign-in waiting for its second factor: the ticket's
 * hash, its user, five minutes, used once; wrong codes are counted.
 */
export const twoFactorTickets = pgTable(
  'two_factor_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketHash: text('ticket_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('two_factor_tickets_user_idx').on(t.userId)],
);

/**
 * A role's access by field and by record to one resource (AccessRule: the
 * fields it reads and writes, the records it reads and writes). No row: the
 * role's plain access, every field of every record its permissions reach.
 */
export const roleAccess = pgTable(
  'role_access',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** The declaration's name. */
    resource: text('resource').notNull(),
    rule: jsonb('rule').$type<AccessRule>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resource] })],
);

/**
 * Every declared record's history (src/core/server/versions/): one row per
 * write, numbered 1, 2, ... per record. `data` holds the fields that write
 * changed, or the whole record on the first version, every FULL_EVERY-th and
 * the oldest one kept, so a version is rebuilt from at most that many rows.
 * Secrets never. `fields`: what the write changed, stored only on whole
 * copies (a delta's are its keys), so "whole" is `fields IS NOT NULL`. No
 * foreign key: a version outlives its record (the trash) and its actor.
 *
 * Laid out for size, as every write adds a row: columns ordered so none
 * needs padding, and eight of them (a row with a NULL then keeps a 24-byte
 * header). The lookup index is on (a 64-bit hash of record_id, version):
 * 24-byte entries, small enough for PostgreSQL's B-tree to pack a page full
 * when one record's versions arrive in order (it splits a page after the new
 * entry instead of in the middle), where (resource, record_id, version)
 * left pages half empty at 40 bytes an entry. Queries match the hash, the
 * id and the resource (`versionsOf`). Not unique: a record's versions are
 * written one at a time under its row lock or an advisory lock, so numbers
 * never clash, and records sharing a hash or an id (a projection such as
 * user-profiles shares its table's ids) only share index entries.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    recordId: uuid('record_id').notNull(),
    actorId: uuid('actor_id'),
    version: integer('version').notNull(),
    resource: text('resource').notNull(),
    /** create | update | delete | restore */
    op: text('op').notNull(),
    fields: text('fields').array(),
    data: jsonb('data').notNull(),
  },
  (t) => [
    index('record_versions_record_idx').on(versionKey(t.recordId), t.version),
    // The trash purge finds records deleted long ago (their newest version a delete).
    index('record_versions_deleted_idx')
      .on(t.at)
      .where(sql`op = 'delete'`),
  ],
);

/** The lookup index's key for a record id (a column, or a value). The literal 0 (a seed) must stay in the SQL text for queries to match the index. */
export function versionKey(id: AnyPgColumn | SQL | string): SQL {
  return typeof id === 'string' ? sql`uuid_hash_extended(${id}::uuid, 0)` : sql`uuid_hash_extended(${id}, 0)`;
}

/** Whether a version row holds the whole record: only whole copies store the names of what their write changed. */
export const isWhole = sql<boolean>`(${recordVersions.fields} IS NOT NULL)`;

/** The versions of one record of one resource, as a WHERE condition that the lookup index serves. */
export function versionsOf(resource: string, id: string): SQL {
  return sql`(${recordVersions.resource} = ${resource} AND ${versionKey(recordVersions.recordId)} = ${versionKey(id)} AND ${recordVersions.recordId} = ${id})`;
}

/**
 * Stored files (storage keys) some version of a record shows: the storage
 * does not remove one while any row names it, so restoring that version
 * brings the picture back. Dropped by the versions' retention.
 */
export const versionFiles = pgTable(
  'version_files',
  {
    key: text('key').notNull(),
    resource: text('resource').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  // By key first: "does any version show this file?" is the storage's question.
  (t) => [primaryKey({ columns: [t.key, t.resource, t.recordId] }), index('version_files_record_idx').on(t.resource, t.recordId)],
);

/**
 * Deleted records of declared resources (src/core/server/trash/): the row as
 * it was (every column, secrets included: a restored account signs in as
 * before) and the rows its delete took with it (role links, pictures, its own
 * tables' rows), so a restore brings all of it back. Never served whole: the
 * trash list shows a record's readable fields only. Purged after
 * TRASH_RETENTION_DAYS, with the record's versions and files.
 */
export const trash = pgTable(
  'trash',
  {
    resource: text('resource').notNull(),
    recordId: uuid('record_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    deletedBy: uuid('deleted_by'),
    /** `to_jsonb` of the record's row. */
    row: jsonb('row').notNull(),
    /** `[{table, rows}]` removed with it (cascades), and `[{table, column, ids}]` links its delete cleared. */
    related: jsonb('related').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.recordId] }), index('trash_deleted_idx').on(t.resource, t.deletedAt)],
);

/**
 * Tables whose rows a restore never brings back: a deleted account's
 * sessions, reset links and sign-in tickets end with it for good.
 */
export const ENDS_WITH_RECORD: ReadonlySet<string> = new Set([
  'sessions',
  'password_resets',
  'two_factor_tickets',
  'edit_presence',
  'api_tokens',
  'oidc_sign_ins',
]);

/**
 * Who has which record open in an edit form (src/core/server/presence/):
 * one row per session and record, refreshed by the form's heartbeat; a row
 * not seen for a minute is gone. Joins and leaves notify `presence_changed`
 * (migration 0018), which every replica relays to the editors' streams.
 */
export const editPresence = pgTable(
  'edit_presence',
  {
    resource: text('resource').notNull(),
    recordId: uuid('record_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.recordId, t.sessionId] }), index('edit_presence_user_idx').on(t.userId)],
);

/**
 * API tokens (src/features/api-tokens/): a program acts as the token's owner,
 * within the token's scope. Only the SHA-256 of the token is kept. The auth
 * check reads `token_hash`, `user_id`, `expires_at`, `permission_ids` and
 * `read_only`: writes to those (and deletes) notify `auth_changed`
 * (migration 0019); refreshing `last_used_at` does not.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The permission records the token may use, within its owner's; null: all of the owner's. */
    permissionIds: uuid('permission_ids').array(),
    readOnly: boolean('read_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    /** Refreshed at most once a minute per token, with the address it came from. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
    lastIp: text('last_ip'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * OpenID Connect sign-ins in flight (src/features/oidc/): what the redirect
 * to the provider keeps for its callback (the state's SHA-256, the nonce,
 * the PKCE verifier, the invite), then what the callback leaves for the
 * login page (the one-time code's SHA-256 and whom it signs in). Each is
 * claimed once by a conditional update, so any replica may serve either step;
 * rows are short-lived and purged as new sign-ins start.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    invite: text('invite'),
    /** Where the login page sends the person afterwards (a path on this site). */
    nextPath: text('next_path'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    stateUsedAt: timestamp('state_used_at', { withTimezone: true, mode: 'string' }),
    completionHash: text('completion_hash').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `sign-in`: the login page's code starts a sign-in; `registered`: an invite registered the person (202). */
    outcome: text('outcome'),
    /** The provider said it did multi-factor (`amr`) and OIDC_TRUST_AMR trusts it. */
    mfa: boolean('mfa').notNull().default(false),
    completionExpiresAt: timestamp('completion_expires_at', { withTimezone: true, mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('oidc_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * Outgoing webhooks (src/features/webhooks/): where events go. `secret` is
 * the signing key (`whsec_` + base64), `previous_secret` the one a rotation
 * replaced, still signing beside it until `previous_until`. `failing_since`:
 * the first failure of the current run of failures (an endpoint failing for
 * days is disabled).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description'),
    /** Event types (`users.created`) or `*`. */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    includeRecord: boolean('include_record').notNull().default(false),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousUntil: timestamp('previous_until', { withTimezone: true, mode: 'string' }),
    /** Whose reading rules shape `data.record`, and who hears when it is disabled. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'string' }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_enabled_idx').on(t.enabled)],
);

/**
 * One event for one endpoint: the outbox. Written in the transaction of the
 * change it tells (src/core/server/crud/change-events.ts), so a rolled-back
 * change leaves none. Its id is the `webhook-id`, the same on every attempt.
 * `pending` until delivered (`succeeded`) or given up (`failed`); claimed
 * by one process at a time with a lease (`locked_until`), as the mail outbox.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The declared resource the event is about (none for a test event, say). */
    resource: text('resource'),
    recordId: text('record_id'),
    /** The body's `data` without the record (read when sent, as the endpoint's owner may). */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt of a delivery: what was sent, what came back (the body's first 64 KB), how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/**
 * Imports (src/features/imports/): a file brought into a declared resource,
 * kept in the object storage under `file_key`, run as a job any replica
 * claims (`state` queued, then running under a lease `locked_until`). A
 * batch committed moves `rows_done` with it, in its transaction: a replica
 * that dies mid-way leaves the import to another, which resumes after the
 * last committed row. `result` counts created, updated, unchanged and failed
 * rows; every failed row is a line of `import_errors`.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resource: text('resource').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language the owner's messages are written in (en, el). */
    lang: text('lang').notNull().default('en'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name'),
    /** SHA-256 of the file's bytes: the same file again is recognised. */
    fileHash: text('file_hash').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    /** csv or json; for CSV the delimiter found. */
    format: text('format').notNull(),
    delimiter: text('delimiter'),
    columns: jsonb('columns').notNull(),
    mapping: jsonb('mapping').notNull(),
    state: text('state').notNull().default('uploaded'),
    mode: text('mode'),
    action: text('action'),
    keyField: text('key_field'),
    atomic: boolean('atomic').notNull().default(true),
    /** Rows the file has (counted when it was uploaded), and rows read by the run so far. */
    totalRows: integer('total_rows').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    result: jsonb('result').notNull().default({ created: 0, updated: 0, unchanged: 0, failed: 0 }),
    /** Why a run stopped (a file that cannot be read, a refused atomic import). */
    message: text('message'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('imports_owner_idx').on(t.ownerId, t.resource),
    index('imports_due_idx').on(t.state, t.lockedUntil),
    index('imports_hash_idx').on(t.resource, t.fileHash),
    // One import per resource and person queued or running at a time.
    uniqueIndex('imports_one_running_uq')
      .on(t.ownerId, t.resource)
      .where(sql`state IN ('queued', 'running')`),
  ],
);

/** A failed row of an import: where (the file's physical line), which column, the value, why; `raw`: the row as it was. */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    line: integer('line').notNull(),
    column: text('column'),
    value: text('value'),
    message: text('message').notNull(),
    raw: jsonb('raw'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/**
 * Saved views of a list (src/features/saved-views/): its search, filters,
 * sort, columns and page size under a name. `shared`: `private` (the owner
 * only), `roles` (holders of one of `role_ids`) or `everyone`. A name is
 * unique per owner and resource.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    /** `{q, filter, sort, order, columns, perPage}`, checked against the resource when saved. */
    params: jsonb('params').notNull(),
    shared: text('shared').notNull().default('private'),
    roleIds: uuid('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_idx').on(t.ownerId, t.resource, t.name),
    index('saved_views_resource_idx').on(t.resource, t.shared),
  ],
);
