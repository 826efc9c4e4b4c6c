import { HttpError } from '../../../core/server/http/http-error';
import { oidcErrorCode, type OidcErrorReason } from '../reasons';

/** The English text of each refusal; the login page shows its own, translated, by reason. */
export const OIDC_MESSAGES: Record<OidcErrorReason, string> = {
  not_configured: 'OpenID Connect sign-in is not configured.',
  unavailable: 'The sign-in provider could not be reached. Please try again in a moment.',
  denied: 'The sign-in provider did not sign you in.',
  expired: 'This sign-in has expired or was already used. Please start again.',
  failed: 'The sign-in could not be verified. Please start again.',
  email_unverified: 'The sign-in provider did not confirm your e-mail address.',
  no_account: 'No account exists for you. Ask an administrator for an invite.',
  blocked: 'Your account is blocked. Please contact an administrator.',
  unconfirmed: 'Your account is awaiting approval.',
  invite_invalid: 'This invite is not valid.',
  invite_expired: 'This invite has expired.',
  invite_used: 'This invite has already been used.',
  invite_locked: 'This invite is for another e-mail address.',
  account_exists: 'An account with this e-mail already exists. Sign in with it instead.',
};

const STATUS: Record<OidcErrorReason, number> = {
  not_configured: 404,
  unavailable: 503,
  denied: 401,
  expired: 410,
  failed: 401,
  email_unverified: 403,
  no_account: 403,
  blocked: 403,
  unconfirmed: 403,
  invite_invalid: 404,
  invite_expired: 410,
  invite_used: 409,
  invite_locked: 403,
  account_exists: 409,
};

/** A refusal of an OpenID Connect sign-in: its status, its English text and `code` (`oidc_<reason>`). */
export class OidcRefusal extends HttpError {
  constructor(
    readonly reason: OidcErrorReason,
    /** For the log only (never shown, never a secret). */
    readonly detail?: string,
  ) {
    super(STATUS[reason], OIDC_MESSAGES[reason], undefined, oidcErrorCode(reason));
  }
}

/** An invite registration's refusal (src/features/invites/server/register.ts) as the login page names it. */
export function inviteRefusal(err: HttpError): OidcRefusal {
  if (err.statusCode === 410) return new OidcRefusal('invite_expired');
  if (err.statusCode === 409) return new OidcRefusal(/already been used/.test(err.message) ? 'invite_used' : 'account_exists');
  if (err.statusCode === 403) return new OidcRefusal('invite_locked');
  return new OidcRefusal('invite_invalid');
}
