import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { Nullable, OkMessage, Ok, Type } from '../../core/shared/api/schema';
import { PASSWORD_MIN, PASSWORD_MAX } from '../../core/field-kinds/text-rules';

const Email = Type.String({ minLength: 1, maxLength: 254 });

/** What a sign-in answers: the session token, the user and their main role. */
export const LoginResponse = Type.Object({
  token: Type.String(),
  user: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    image: Nullable(Type.String()),
  }),
  role: Nullable(Type.Object({ name: Type.String(), type: Type.String() })),
  /** A role of the user requires two-factor sign-in and it is not set up: the session can only set it up. */
  twoFactorSetupRequired: Type.Optional(Type.Boolean()),
});

/** A sign-in of a user with two-factor sign-in: no session yet, a ticket for POST /api/auth/2fa/verify. */
export const TwoFactorChallenge = Type.Object(
  { twoFactorRequired: Type.Literal(true), ticket: Type.String() },
  { description: 'The password (or Google account) was right; a code is needed next (POST /api/auth/2fa/verify).' },
);

/** What a sign-in answers with 200: a session, or the two-factor step. */
export const SignInAnswer = Type.Union([LoginResponse, TwoFactorChallenge]);

export const login = operation({
  operationId: 'login',
  summary: 'Sign in with e-mail and password',
  tags: ['auth'],
  body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) }),
  response: { 200: SignInAnswer, ...errors(401, 403) },
});

export const logout = operation({
  operationId: 'logout',
  summary: 'End the current session',
  tags: ['auth'],
  response: { 200: Ok },
});

const Message = Type.Object({ message: Type.String() });

export const forgotPassword = operation({
  operationId: 'forgotPassword',
  summary: 'Mail a password reset link (same answer whether or not the account exists)',
  tags: ['auth'],
  body: Type.Object({ email: Email, lang: Type.Optional(Type.String({ maxLength: 10 })) }),
  response: { 200: Message },
});

export const resetPassword = operation({
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset link token',
  tags: ['auth'],
  body: Type.Object({
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    resetToken: Type.String({ minLength: 16, maxLength: 200 }),
  }),
  response: { 200: Message },
});

export const googleSignIn = operation({
  operationId: 'googleSignIn',
  summary: 'Sign in with a Google ID token (or register with an invite)',
  tags: ['auth'],
  body: Type.Object({
    credential: Type.String({ minLength: 1, maxLength: 10000 }),
    invite: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  }),
  response: {
    200: SignInAnswer,
    202: Type.Object(OkMessage.properties, { description: 'Registered with the invite; awaiting approval.' }),
    ...errors(401, 403, 404, 409, 410),
  },
});
