import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
let googleJwks: JWTVerifyGetKey | undefined;

/** Google's published keys, fetched lazily (only when Google sign-in is used). */
export function googleKeySet(): JWTVerifyGetKey {
  googleJwks ??= createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
  return googleJwks;
}

/** Verifies signature, audience, issuer, expiry and a verified e-mail. Null when any fails. */
export async function verifyGoogleIdToken(credential: string, clientId: string, keys: JWTVerifyGetKey): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(credential, keys, { audience: clientId, issuer: GOOGLE_ISSUERS, algorithms: ['RS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      name: typeof payload.name === 'string' ? payload.name : payload.email,
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  } catch {
    return null;
  }
}
