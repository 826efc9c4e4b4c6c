import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LimitParam, PageParam } from '../../core/shared/api/paging';
import { Id, Nullable, Ok, PageInfo, Timestamp, Type } from '../../core/shared/api/schema';

const tags = ['webhooks'];

/** Every signing secret starts so (Standard Webhooks): the rest is base64 of the key's bytes. */
export const SECRET_PREFIX = 'whsec_';
/** An endpoint's URL: long enough for a signed query string. */
export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 500;
/** Event types one endpoint may name. */
export const EVENTS_MAX = 200;
/** An event type: `users.created`, `invite.approved`, or `*` for all. */
export const EVENT_PATTERN = '^(\\*|[a-z0-9][a-z0-9_-]*\\.[a-z_]+)$';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** `pending` until delivered (`succeeded`) or given up (`failed`). */
const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]);

/** An endpoint as lists show it: never its secret. */
export const WebhookEndpoint = Type.Object({
  _id: Id,
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  includeRecord: Type.Boolean(),
  /** Why the server disabled it (410 Gone, failing for days); null when a person did, or it is enabled. */
  disabledReason: Nullable(Type.String()),
  failingSince: Timestamp,
  ownerId: Nullable(Id),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The answer to a create or a rotation: the endpoint and its secret, shown this once. */
export const WebhookEndpointWithSecret = Type.Object({ ...WebhookEndpoint.properties, secret: Type.String() });

const EndpointFields = {
  url: Type.String({ minLength: 1, maxLength: URL_MAX }),
  description: Type.Optional(Nullable(Type.String({ maxLength: DESCRIPTION_MAX }))),
  events: Type.Array(Type.String({ pattern: EVENT_PATTERN, maxLength: 200 }), { minItems: 1, maxItems: EVENTS_MAX, uniqueItems: true }),
  enabled: Type.Optional(Type.Boolean()),
  includeRecord: Type.Optional(Type.Boolean()),
};

const IdParams = Type.Object({ id: Id });
const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

export const listEndpoints = operation({
  operationId: 'listWebhookEndpoints',
  summary: 'The webhook endpoints, newest first',
  tags,
  response: { 200: Type.Object({ data: Type.Array(WebhookEndpoint) }) },
});

export const getEndpoint = operation({
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint',
  tags,
  params: IdParams,
  response: { 200: WebhookEndpoint, ...errors(404) },
});

export const createEndpoint = operation({
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
  tags,
  body: Type.Object(EndpointFields, { additionalProperties: false }),
  response: { 201: WebhookEndpointWithSecret, ...errors(400) },
});

export const updateEndpoint = operation({
  operationId: 'updateWebhookEndpoint',
  summary: 'Change a webhook endpoint (enabling it again clears why it was disabled)',
  tags,
  params: IdParams,
  body: Type.Object(
    {
      url: Type.Optional(EndpointFields.url),
      description: EndpointFields.description,
      events: Type.Optional(EndpointFields.events),
      enabled: EndpointFields.enabled,
      includeRecord: EndpointFields.includeRecord,
    },
    { additionalProperties: false },
  ),
  response: { 200: WebhookEndpoint, ...errors(400, 404) },
});

export const deleteEndpoint = operation({
  operationId: 'deleteWebhookEndpoint',
  summary: 'Remove a webhook endpoint and its delivery log',
  tags,
  params: IdParams,
  response: { 200: Ok, ...errors(404) },
});

export const rotateSecret = operation({
  operationId: 'rotateWebhookSecret',
  summary: 'Give an endpoint a new signing secret; deliveries carry both signatures for 24 hours',
  tags,
  params: IdParams,
  response: { 200: WebhookEndpointWithSecret, ...errors(404) },
});

/** One delivery: an event for one endpoint, with its outcome so far. */
export const WebhookDelivery = Type.Object({
  _id: Id,
  eventType: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  nextAttemptAt: Timestamp,
  lastStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
});

/** One attempt: what was sent and what came back. */
export const WebhookAttempt = Type.Object({
  _id: Id,
  at: Timestamp,
  requestHeaders: Type.Record(Type.String(), Type.String()),
  requestBody: Type.String(),
  responseStatus: Nullable(Type.Integer()),
  responseBody: Nullable(Type.String()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer({ minimum: 0 }),
});

export const listDeliveries = operation({
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's deliveries, newest first",
  tags,
  params: IdParams,
  querystring: Type.Object(
    { page: PageParam, limit: LimitParam(200, 25), status: Type.Optional(DeliveryStatus) },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ data: Type.Array(WebhookDelivery), ...PageInfo }), ...errors(404) },
});

export const getDelivery = operation({
  operationId: 'getWebhookDelivery',
  summary: 'One delivery with each of its attempts',
  tags,
  params: DeliveryParams,
  response: { 200: Type.Object({ ...WebhookDelivery.properties, data: Type.Unknown(), log: Type.Array(WebhookAttempt) }), ...errors(404) },
});

export const redeliver = operation({
  operationId: 'redeliverWebhook',
  summary: 'Send a delivery again, now, with the same webhook-id',
  tags,
  params: DeliveryParams,
  response: { 202: WebhookDelivery, ...errors(404) },
});

export const replay = operation({
  operationId: 'replayWebhooks',
  summary: 'Send again every failed delivery of the endpoint since a time',
  tags,
  params: IdParams,
  body: Type.Object({ since: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
  response: { 202: Type.Object({ queued: Type.Integer({ minimum: 0 }) }), ...errors(404) },
});

export const sendTest = operation({
  operationId: 'testWebhook',
  summary: 'Queue a `webhook.test` event for the endpoint',
  tags,
  params: IdParams,
  response: { 202: WebhookDelivery, ...errors(404) },
});

/** The body of every delivery (Standard Webhooks). */
export const EventBody = Type.Object({
  type: Type.String({ description: '`<resource>.created|updated|deleted|restored`, `webhook.test`...' }),
  timestamp: Type.String({ format: 'date-time' }),
  data: Type.Object(
    {
      resource: Type.Optional(Type.String()),
      id: Type.Optional(Type.String()),
      fields: Type.Optional(Type.Array(Type.String(), { description: 'The fields the change set' })),
      record: Type.Optional(Type.Unknown({ description: "The record as the endpoint's owner may read it (includeRecord)" })),
    },
    { additionalProperties: true },
  ),
});

/** Events that are not a declared resource's write (those are `<resource>.created|updated|deleted|restored`). */
export const EXTRA_EVENTS: readonly string[] = [
  'invite.submitted',
  'invite.approved',
  'invite.rejected',
  'translations.saved',
  'user.signed_in',
];

const PAST = { created: 'created', updated: 'updated', deleted: 'deleted', restored: 'restored' } as const;

/** One event's entry in the OpenAPI document's `webhooks` section: the POST a receiver gets. */
function eventDoc(type: string, summary: string, data: ReturnType<typeof Type.Object>) {
  return {
    post: {
      operationId: `webhook_${type.replace(/[^a-z0-9]+/gi, '_')}`,
      summary,
      tags,
      // The receiver checks the signature, not a credential of ours.
      security: [],
      description:
        'Standard Webhooks 1.0: headers `webhook-id` (the same on every retry), `webhook-timestamp` and `webhook-signature` ' +
        '(`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, two during 24 h after a rotation). Verify with the `standardwebhooks` package.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: Type.Object({ type: Type.Literal(type), timestamp: Type.String({ format: 'date-time' }), data }),
          },
        },
      },
      responses: {
        '2XX': { description: 'Received. Timeouts (15 s), 429 and 5xx are retried; 410 disables the endpoint.' },
      },
    },
  };
}

const RecordData = Type.Object({
  resource: Type.String(),
  id: Type.String(),
  fields: Type.Array(Type.String(), { description: 'The fields the write set' }),
  record: Type.Optional(Type.Unknown({ description: "The record as the endpoint's owner may read it (includeRecord; not on deletes)" })),
});
const InviteData = Type.Object({ resource: Type.Literal('invites'), id: Type.String(), user: Type.String() });

/** The OpenAPI `webhooks` section: every event a webhook endpoint may hear, with its body. */
export function webhookEventDocs(resourceNames: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of resourceNames)
    for (const past of Object.values(PAST))
      out[`${name}.${past}`] = eventDoc(`${name}.${past}`, `A ${name} record was ${past}`, RecordData);
  out['invite.submitted'] = eventDoc('invite.submitted', 'Someone registered through an invite', InviteData);
  out['invite.approved'] = eventDoc('invite.approved', 'A registration was approved', InviteData);
  out['invite.rejected'] = eventDoc('invite.rejected', 'A registration was rejected', InviteData);
  out['translations.saved'] = eventDoc(
    'translations.saved',
    "A language's texts were saved",
    Type.Object({ resource: Type.Literal('translations'), id: Type.String(), language: Type.String(), fields: Type.Array(Type.String()) }),
  );
  out['user.signed_in'] = eventDoc(
    'user.signed_in',
    'Someone signed in',
    Type.Object({ resource: Type.Literal('users'), id: Type.String(), record: Type.Optional(Type.Unknown()) }),
  );
  out['webhook.test'] = eventDoc(
    'webhook.test',
    'A test event (POST /api/auth/webhooks/{id}/test)',
    Type.Object({ message: Type.String() }),
  );
  return out;
}
