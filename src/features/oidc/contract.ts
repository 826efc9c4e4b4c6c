import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { OkMessage, Type } from '../../core/shared/api/schema';
import { SignInAnswer } from '../sign-in/contract';

const tags = ['auth'];

export { OIDC_ERRORS, oidcErrorCode, type OidcErrorReason } from './reasons';

/** Where the browser goes next (a 302 with `Location`, no body). */
const Redirect = (description: string) =>
  Type.Null({ description, headers: { Location: { type: 'string', description: 'Where the browser goes next.' } } });

const Invite = Type.String({ minLength: 1, maxLength: 200 });

export const oidcStart = operation({
  operationId: 'oidcStart',
  summary: 'Start signing in at the OpenID Provider (a browser navigation)',
  description:
    'Keeps the state, nonce and PKCE verifier of this sign-in in the database and redirects to the provider. ' +
    '`invite` registers a new person with that invite; `next` is the path to open afterwards.',
  tags,
  querystring: Type.Object(
    {
      invite: Type.Optional(Invite),
      next: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    },
    { additionalProperties: false },
  ),
  produces: ['application/json', 'text/html'],
  response: { 302: Redirect('To the provider’s authorization endpoint.'), ...errors(404, 503) },
});

export const oidcCallback = operation({
  operationId: 'oidcCallback',
  summary: 'The OpenID Provider’s redirect back (authorization code, state)',
  description:
    'Checks the state (once), redeems the code with its PKCE verifier, verifies the ID token (signature, iss, aud, exp, iat, nonce), ' +
    'finds or registers the account, then redirects to the login page with a one-time code in the fragment (`#oidc=`), ' +
    'never a session token. A refusal answers 4xx: JSON with `code` (`oidc_<reason>`), or, to a browser, a page ' +
    'that opens the login page with `#oidc_error=<reason>`.',
  tags,
  querystring: Type.Object(
    {
      code: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      state: Type.String({ minLength: 1, maxLength: 500 }),
      error: Type.Optional(Type.String({ maxLength: 200 })),
      error_description: Type.Optional(Type.String({ maxLength: 2000 })),
      iss: Type.Optional(Type.String({ maxLength: 2000 })),
      session_state: Type.Optional(Type.String({ maxLength: 2000 })),
      scope: Type.Optional(Type.String({ maxLength: 2000 })),
    },
    { additionalProperties: false },
  ),
  produces: ['application/json', 'text/html'],
  response: { 302: Redirect('To the login page, with the one-time code in the fragment.'), ...errors(401, 403, 404, 409, 410, 503) },
});

export const oidcComplete = operation({
  operationId: 'oidcComplete',
  summary: 'Exchange the one-time code of an OpenID Connect sign-in for what a password sign-in answers',
  tags,
  body: Type.Object({ code: Type.String({ minLength: 16, maxLength: 200 }) }, { additionalProperties: false }),
  response: {
    200: SignInAnswer,
    202: Type.Object(OkMessage.properties, { description: 'Registered with the invite; awaiting approval.' }),
    ...errors(403, 404, 410),
  },
});
