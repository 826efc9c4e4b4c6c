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

export async function verifySessionToken(secret: SessionKey, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return null;
  }
}
