import { OIDC_ERRORS, type OidcErrorReason } from './reasons';

/** The start of the sign-in at the provider (a full navigation), carrying the invite and where to go afterwards. */
export function oidcStartUrl(invite: string | undefined, next: string | null): string {
  const q = new URLSearchParams();
  if (invite) q.set('invite', invite);
  if (next) q.set('next', next);
  const qs = q.toString();
  return `/api/auth/oidc/start${qs ? `?${qs}` : ''}`;
}

/** The translation key of a refusal's `code` (`oidc_<reason>`), or null when it is none of the provider's. */
export function oidcErrorKey(code: unknown): string | null {
  if (typeof code !== 'string' || !code.startsWith('oidc_')) return null;
  const reason = code.slice(5);
  return OIDC_ERRORS.includes(reason as OidcErrorReason) ? `app.oidc.errors.${reason}` : null;
}
