import { randomBytes } from 'node:crypto';
import { hashToken } from '../../../core/server/security/random-token';
import { TOKEN_PREFIX } from '../contract';

/** 32 random bytes (256 bits), base64url: 43 characters after the prefix. */
const TOKEN_BYTES = 32;
const TOKEN_RE = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A new API token and the hash under which it is stored (the token itself never is). */
export function newApiToken(): { token: string; hash: string } {
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Whether a bearer value claims to be an API token (then it must be one: never tried as a session). */
export const looksLikeApiToken = (value: string): boolean => value.startsWith(TOKEN_PREFIX);

/** Whether a value has the shape of a token this server makes. */
export const wellFormedApiToken = (value: string): boolean => TOKEN_RE.test(value);
