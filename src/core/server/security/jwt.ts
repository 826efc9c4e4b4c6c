import { jwtVerify, SignJWT } from 'jose';

/**
 * The HMAC key, imported once: handing jose raw bytes makes it import the
 * key through WebCrypto on every sign and verify, which cost more than the
 * rest of a request.
 */
export type SessionKey = CryptoKey;

export function importSessionKey(secret: Uint8Array<ArrayBuffer>): Promise<SessionKey> {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export interface SessionClaims {
  sub: string;
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

// The algorithm is pinned: a token claiming any other (or "none") is refused.
const ALG = 'HS256';

export async function signSessionToken(secret: SessionKey, claims: SessionClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALG })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/**
 * Tokens that verified, until they expire: a token's signature cannot change,
 * and checking it through WebCrypto was a fifth of a cached request's time.
 * Whether its session is still live is the session check's business.
 */
const MAX_VERIFIED = 10_000;
const verifiedTokens = new WeakMap<SessionKey, Map<string, { claims: SessionClaims; expiresMs: number }>>();

export async function verifySessionToken(secret: SessionKey, token: string): Promise<SessionClaims | null> {
  let known = verifiedTokens.get(secret);
  if (!known) verifiedTokens.set(secret, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresMs > Date.now()) return hit.claims;
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG] });
    // Only what signSessionToken writes: anything else is a bad token, not a query to run.
    if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number') return null;
    const claims = { sub: payload.sub, sid: payload.sid };
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, { claims, expiresMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
