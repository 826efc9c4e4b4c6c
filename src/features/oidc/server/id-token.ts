import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Who the provider says signed in. */
export interface OidcIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The ID token's `amr` (how the person authenticated at the provider). */
  amr: string[];
  claims: JWTPayload;
}

/**
 * Asymmetric algorithms only: `none` is never accepted, and neither is an
 * HMAC algorithm, which would let anyone holding the provider's public key
 * (everyone) forge a token signed with it as the secret.
 */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** Why a token was refused, for the log: never the token itself. */
export class IdTokenRefused extends Error {}

/** `amr` values that mean more than one factor (RFC 8176). */
const MULTI_FACTOR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm']);

export const multiFactor = (amr: readonly string[]) => amr.some((m) => MULTI_FACTOR.has(m));

/**
 * Verifies an ID token (OpenID Connect Core 3.1.3.7): its signature by a key
 * of the provider's, `iss`, `aud` (and `azp` when there are several
 * audiences), `exp`, `iat`, and the `nonce` this sign-in sent.
 */
export async function verifyIdToken(
  idToken: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string; nonce: string },
): Promise<OidcIdentity> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    throw new IdTokenRefused('not a JWS');
  }
  if (!alg || !ID_TOKEN_ALGORITHMS.includes(alg)) throw new IdTokenRefused(`algorithm ${String(alg)} refused`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: 60,
    }));
  } catch (err) {
    if (err instanceof errors.JWTClaimValidationFailed) throw new IdTokenRefused(`claim ${err.claim} ${err.reason}`);
    if (err instanceof errors.JWTExpired) throw new IdTokenRefused('expired');
    if (err instanceof errors.JWSSignatureVerificationFailed) throw new IdTokenRefused('signature does not verify');
    if (err instanceof errors.JWKSNoMatchingKey) throw new IdTokenRefused('no key of the provider matches');
    if (err instanceof errors.JOSEError) throw new IdTokenRefused(err.code);
    throw err;
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
    throw new IdTokenRefused('claim azp is not this client');
  if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + 60) throw new IdTokenRefused('claim iat in the future');
  if (payload.nonce !== expected.nonce) throw new IdTokenRefused('claim nonce does not match this sign-in');
  if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255) throw new IdTokenRefused('claim sub missing');
  const email = typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.trim().toLowerCase() : null;
  return {
    sub: payload.sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
    amr: Array.isArray(payload.amr) ? payload.amr.filter((m): m is string => typeof m === 'string') : [],
    claims: payload,
  };
}
