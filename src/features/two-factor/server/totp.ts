import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, thirty seconds. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;
const ISSUER = 'Back Office';

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(base32) });

/** A new random secret (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans: issuer and the account's e-mail as its label. */
export function otpauthUrl(base32: string, account: string): string {
  return totpOf(base32, account).toString();
}

/** The code for a moment (tests, and nothing else, make codes). */
export function totpCode(base32: string, timestamp = Date.now()): string {
  return totpOf(base32).generate({ timestamp });
}

/** The time step of `timestamp`. */
export const stepOf = (timestamp: number) => Math.floor(timestamp / 1000 / PERIOD);

/** The step whose code `code` is (within the window), or null; the caller refuses steps already used. */
export function matchingStep(base32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : stepOf(timestamp) + delta;
}
