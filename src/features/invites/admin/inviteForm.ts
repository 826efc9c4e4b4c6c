import type { NewInvite } from './invitesApi';

/** Invites expire after 48 hours unless told otherwise, never under 1. */
export const DEFAULT_HOURS = 48;
export const MIN_HOURS = 1;

/**
 * Hours falls back to 48 when it is not a number and is at
 * least 1; a trimmed empty e-mail is left out (any Google account may use it).
 */
export function inviteBody(values: { email?: unknown; hours?: unknown }): NewInvite {
  const raw = values.hours;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  const hours = Number.isFinite(n) ? Math.max(n, MIN_HOURS) : DEFAULT_HOURS;
  const email = typeof values.email === 'string' ? values.email.trim() : '';
  return email ? { email, hours } : { hours };
}
