import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LoginResponse } from '../sign-in/contract';
import { Id, Ok, Type } from '../../core/shared/api/schema';
import { PASSWORD_MAX } from '../../core/field-kinds/text-rules';

/** Six digits from the authenticator app. */
const Code = Type.String({ pattern: '^[0-9]{6}$', description: 'Six digits from the authenticator app.' });
const RecoveryCode = Type.String({ minLength: 1, maxLength: 40, description: 'One of the ten recovery codes (xxxxx-xxxxx).' });
const Ticket = Type.String({ minLength: 16, maxLength: 200 });

export const twoFactorStatus = operation({
  operationId: 'twoFactorStatus',
  summary: "The caller's two-factor sign-in: on or off, required by a role, recovery codes left",
  tags: ['two-factor'],
  response: {
    200: Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), recoveryCodesLeft: Type.Integer({ minimum: 0 }) }),
  },
});

export const twoFactorSetup = operation({
  operationId: 'twoFactorSetup',
  summary: 'Start setting up two-factor sign-in: a new secret, its otpauth URL and QR code (SVG)',
  description: 'The secret is shown here only; it is kept encrypted and never returned again. Answers 409 when two-factor sign-in is on.',
  tags: ['two-factor'],
  response: {
    200: Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrSvg: Type.String() }),
    ...errors(409),
  },
});

export const twoFactorEnable = operation({
  operationId: 'twoFactorEnable',
  summary: 'Turn two-factor sign-in on with a code from the new secret; answers the ten recovery codes, shown once',
  tags: ['two-factor'],
  body: Type.Object({ code: Code }, { additionalProperties: false }),
  response: {
    200: Type.Object({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) }),
    ...errors(400, 409),
  },
});

export const twoFactorDisable = operation({
  operationId: 'twoFactorDisable',
  summary: 'Turn two-factor sign-in off (password and a current code)',
  tags: ['two-factor'],
  body: Type.Object({ password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }), code: Code }, { additionalProperties: false }),
  response: { 200: Ok, ...errors(400, 403, 409) },
});

export const twoFactorVerify = operation({
  operationId: 'twoFactorVerify',
  summary: 'Second step of a sign-in: the ticket and a code (or a recovery code); answers as sign-in does',
  tags: ['two-factor'],
  // One object, not a union: with AJV's removeAdditional a union's first branch would strip the second's field.
  body: Type.Object(
    { ticket: Ticket, code: Type.Optional(Code), recoveryCode: Type.Optional(RecoveryCode) },
    { additionalProperties: false, description: 'The ticket and exactly one of `code` and `recoveryCode`.' },
  ),
  response: { 200: LoginResponse, ...errors(400, 401, 403) },
});

export const resetUserTwoFactor = operation({
  operationId: 'resetUserTwoFactor',
  summary: "Turn a user's two-factor sign-in off (rank rule); their sessions end",
  tags: ['two-factor'],
  params: Type.Object({ id: Id }),
  response: { 200: Ok, ...errors(403, 404) },
});
