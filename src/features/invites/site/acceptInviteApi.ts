/** The public invite calls; plain fetch, the public site carries no admin code. */
import type { InviteValidation, registerInvite } from '../contract';
import type { BodyOf, Success } from '../../../core/shared/api/operation';
import type { Static } from '../../../core/shared/api/schema';
import type { publicConfig } from '../../../core/shared/api/system';

export type InviteCheck = Static<typeof InviteValidation>;
export type Registration = BodyOf<typeof registerInvite>;

/** A refused call: HTTP status (0 when no answer came) and the server's error text. */
export class InviteCallError extends Error {
  constructor(
    readonly status: number,
    readonly serverText: string | null,
  ) {
    super(serverText ?? `HTTP ${status}`);
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new InviteCallError(0, null);
  }
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  if (!res.ok) throw new InviteCallError(res.status, typeof body?.error === 'string' ? body.error : null);
  return body as T;
}

export const checkInvite = (token: string) => call<InviteCheck>(`/api/auth/invites/validate/${encodeURIComponent(token)}`);

export const registerWithInvite = (reg: Registration) =>
  call<Success<typeof registerInvite>>('/api/auth/register-invite', { method: 'POST', body: JSON.stringify(reg) });

/** Whether Google sign-in is enabled; without it the Google way would be a dead end. */
export const googleEnabled = () =>
  call<Success<typeof publicConfig>>('/api/config').then(
    (c) => Boolean(c.googleClientId),
    () => false,
  );
