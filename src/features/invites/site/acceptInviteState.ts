import type { InviteCheck } from './acceptInviteApi';

export type InvalidReason = 'expired' | 'used' | 'invalid';

/** Usable only if ok and neither expired nor consumed. */
export function invalidReason(check: InviteCheck): InvalidReason | null {
  if (check.expired) return 'expired';
  if (check.consumed) return 'used';
  return check.ok ? null : 'invalid';
}

/** The refusals of POST /api/auth/register-invite that mean the invite itself is unusable. */
export function refusalReason(status: number, serverText: string | null): InvalidReason | null {
  if (status === 410) return 'expired';
  if (status === 409 && serverText === 'This invite has already been used.') return 'used';
  if (status === 404) return 'invalid';
  return null;
}

/** /invite?token=... (or ?invite=...). */
export function inviteToken(search: string): string | null {
  const q = new URLSearchParams(search);
  const token = (q.get('token') ?? q.get('invite') ?? '').trim();
  return token || null;
}
