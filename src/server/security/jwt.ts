import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  sub: string;
  sid: string;
}

// The algorithm is pinned: a token claiming any other (or "none") is refused.
const ALG = 'HS256';

export async function signSessionToken(secret: Uint8Array, claims: SessionClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALG })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

export async function verifySessionToken(secret: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return null;
  }
}
