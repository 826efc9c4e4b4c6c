import { UUID_PATTERN } from '../../core/field-kinds/kind';
import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LimitParam, PageParam } from '../../core/shared/api/paging';
import { Nullable, Ok, OkMessage, PageInfo, Timestamp, Type } from '../../core/shared/api/schema';
import { PASSWORD_MIN, PASSWORD_MAX } from '../../core/field-kinds/text-rules';

const tags = ['invites'];

/** What became of an invite (an unused one past its expiry reads as expired). */
export const INVITE_STATUSES = ['not used', 'submitted', 'consumed', 'rejected', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
const IdParams = Type.Object({ id: Type.String({ pattern: UUID_PATTERN }) });

export const Invite = Type.Object({
  _id: Type.String(),
  createdAt: Timestamp,
  email: Nullable(Type.String()),
  token: Type.String(),
  link: Type.String(),
  expiresAt: Timestamp,
  consumedAt: Timestamp,
  status: Type.Unsafe<InviteStatus>({ type: 'string', enum: [...INVITE_STATUSES] }),
});

/**
 * Who registered on an invite (none before a registration, nor after a
 * rejection removed the account, nor when the reader's access rules on users
 * leave the account out); a field the reader may not read is left out.
 */
export const Registrant = Nullable(Type.Object({ name: Type.Optional(Type.String()), email: Type.Optional(Type.String()) }));

/** A row of the invites list: the invite and its registrant. */
export const InviteRow = Type.Object({ ...Invite.properties, registrant: Registrant });

export const listInvites = operation({
  operationId: 'listInvites',
  summary: 'Invites, newest first',
  tags,
  querystring: Type.Object({ page: PageParam, limit: LimitParam(1000, 25) }, { additionalProperties: false }),
  response: { 200: Type.Object({ data: Type.Array(InviteRow), ...PageInfo }) },
});

export const createInvite = operation({
  operationId: 'createInvite',
  summary: 'Make an invite link (optionally locked to an e-mail), valid for `hours`',
  tags,
  body: Type.Object(
    {
      email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
      // Anything that is not a number falls back to 48 hours.
      hours: Type.Optional(Type.Unknown()),
    },
    { additionalProperties: false },
  ),
  response: { 201: Invite },
});

export const deleteInvite = operation({
  operationId: 'deleteInvite',
  summary: 'Delete an invite',
  tags,
  params: IdParams,
  response: { 200: Ok, ...errors(404) },
});

export const approveInvite = operation({
  operationId: 'approveInvite',
  summary: "Approve a submitted invite: the registrant's account opens",
  tags,
  params: IdParams,
  response: { 200: OkMessage, ...errors(404, 409) },
});

export const rejectInvite = operation({
  operationId: 'rejectInvite',
  summary: "Reject a submitted invite: the registrant's account is deleted",
  tags,
  params: IdParams,
  response: { 200: OkMessage, ...errors(404, 409) },
});

/** What the accept-invite page learns from a token: ok, expired, consumed, e-mail, expiry. */
export const InviteValidation = Type.Object({
  ok: Type.Boolean(),
  expired: Type.Boolean(),
  consumed: Type.Boolean(),
  email: Nullable(Type.String()),
  expiresAt: Timestamp,
});

export const validateInvite = operation({
  operationId: 'validateInvite',
  summary: 'Whether an invite token can still be used',
  tags,
  params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
  response: { 200: InviteValidation },
});

export const registerInvite = operation({
  operationId: 'registerWithInvite',
  summary: 'Register with an invite; the account awaits approval',
  tags,
  body: Type.Object(
    {
      token: Type.String({ minLength: 1, maxLength: 200 }),
      name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
      email: Type.String({ format: 'email', maxLength: 254 }),
      password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    },
    { additionalProperties: false },
  ),
  response: { 201: OkMessage, ...errors(403, 404, 409, 410) },
});
