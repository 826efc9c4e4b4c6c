import type { InviteStatus } from '../resource';
import { isoDate } from '../../../core/server/crud/representation';

/** An invites row as the derived table returns it. */
export type InviteRow = Record<string, unknown>;

export const inviteLink = (publicUrl: string, token: string) => `${publicUrl}/invite?token=${encodeURIComponent(token)}`;

/** An unused invite past its expiry shows as expired. */
export function effectiveStatus(row: InviteRow, now = Date.now()): InviteStatus {
  const status = String(row.status ?? 'not used') as InviteStatus;
  if (status === 'not used' && row.expiresAt && new Date(String(row.expiresAt)).getTime() <= now) return 'expired';
  return status;
}

export function inviteToApi(row: InviteRow, publicUrl: string) {
  return {
    _id: String(row.id),
    createdAt: isoDate(row.createdAt),
    email: (row.email as string | null) ?? null,
    token: String(row.token),
    link: inviteLink(publicUrl, String(row.token)),
    expiresAt: isoDate(row.expiresAt),
    consumedAt: isoDate(row.consumedAt),
    status: effectiveStatus(row),
  };
}

/** What the accept-invite page learns from a token: ok, expired, consumed, e-mail, expiry. */
export function validation(row: InviteRow | undefined) {
  if (!row) return { ok: false, expired: false, consumed: false, email: null, expiresAt: null };
  const status = effectiveStatus(row);
  const expired = status === 'expired';
  const consumed = status === 'submitted' || status === 'consumed' || status === 'rejected';
  return { ok: !expired && !consumed, expired, consumed, email: (row.email as string | null) ?? null, expiresAt: isoDate(row.expiresAt) };
}
