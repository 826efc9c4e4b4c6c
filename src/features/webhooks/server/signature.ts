import { createHmac, randomBytes } from 'node:crypto';
import { SECRET_PREFIX } from '../contract';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks asks for 24 to 64). */
export const newSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64');

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the secret's bytes (the base64 after `whsec_`). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature, or (during a rotation) the new one and the old one, space-separated. */
export const signatureHeader = (secrets: readonly string[], id: string, timestamp: number, body: string): string =>
  secrets.map((s) => sign(s, id, timestamp, body)).join(' ');
