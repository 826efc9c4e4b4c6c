import { OIDC_ERRORS, type OidcErrorReason } from '../reasons';

/** What the provider's way back left in the login page's fragment. */
export type OidcReturn = { code: string } | { error: OidcErrorReason } | null;

/**
 * Reads `#oidc=<one-time code>` or `#oidc_error=<reason>` (the callback's
 * redirect) once and removes it from the address, so a reload or a shared
 * link never carries it.
 */
export function takeOidcReturn(loc: Location = window.location, history: History = window.history): OidcReturn {
  const hash = loc.hash.replace(/^#/, '');
  if (!hash.startsWith('oidc')) return null;
  const params = new URLSearchParams(hash);
  history.replaceState(history.state, '', loc.pathname + loc.search);
  const code = params.get('oidc');
  if (code) return { code };
  const reason = params.get('oidc_error');
  return { error: OIDC_ERRORS.includes(reason as OidcErrorReason) ? (reason as OidcErrorReason) : 'failed' };
}
