import { saveSession } from '../../../core/web/session';
import type { googleSignIn, login } from '../contract';
import type { twoFactorVerify } from '../../two-factor/contract';
import type { oidcComplete } from '../../oidc/contract';
import type { BodyOf, Success } from '../../../core/shared/api/operation';

/**
 * The light login page's POST /api/auth/login, /api/auth/google,
 * /api/auth/oidc/complete and /api/auth/2fa/verify, storing the answer exactly as the admin's
 * authProvider does (web/session.ts), so the admin loaded afterwards finds
 * the person signed in.
 */
export type SignInResult =
  | { kind: 'signed-in' }
  | { kind: 'two-factor'; ticket: string }
  | { kind: 'pending'; message: string }
  /** `code`: the server's machine-readable reason, when it gives one. */
  | { kind: 'error'; text: string; code?: string };

export type SignInBody = BodyOf<typeof login> | BodyOf<typeof googleSignIn> | BodyOf<typeof twoFactorVerify> | BodyOf<typeof oidcComplete>;

/** A sign-in answer, the two-factor step, a 202 registration or an error body: checked field by field below. */
type Answer = Partial<Success<typeof twoFactorVerify>> & {
  twoFactorRequired?: unknown;
  ticket?: unknown;
  message?: unknown;
  error?: unknown;
  code?: unknown;
};

// The server's own wording for the 202 answer, used when it sends no message.
const REGISTRATION_SUBMITTED = 'Registration submitted. Awaiting approval.';

function urlOf(body: SignInBody): string {
  if ('ticket' in body) return '/api/auth/2fa/verify';
  if ('credential' in body) return '/api/auth/google';
  // The one-time code an OpenID Provider's sign-in left in the fragment.
  if ('code' in body) return '/api/auth/oidc/complete';
  return '/api/auth/login';
}

export async function signIn(body: SignInBody, fallback: string): Promise<SignInResult> {
  let answer: Answer | null;
  let ok: boolean;
  try {
    const res = await fetch(urlOf(body), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    ok = res.ok;
    answer = (await res.json().catch(() => null)) as Answer | null;
  } catch {
    return { kind: 'error', text: fallback };
  }
  // The server's error text is shown as is.
  if (!ok)
    return {
      kind: 'error',
      text: typeof answer?.error === 'string' && answer.error ? answer.error : fallback,
      ...(typeof answer?.code === 'string' ? { code: answer.code } : {}),
    };
  // The password was right; the code step comes next (no session yet).
  if (answer?.twoFactorRequired === true && typeof answer.ticket === 'string') return { kind: 'two-factor', ticket: answer.ticket };
  if (answer && typeof answer.token === 'string' && answer.token && answer.user) {
    saveSession({ token: answer.token, user: answer.user }, answer.role ?? null, answer.twoFactorSetupRequired === true);
    return { kind: 'signed-in' };
  }
  // 202 for a new invited person: registered for approval, nothing to store.
  return { kind: 'pending', message: typeof answer?.message === 'string' && answer.message ? answer.message : REGISTRATION_SUBMITTED };
}
