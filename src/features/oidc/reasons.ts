// Kept apart from contract.ts (TypeBox): the light login page reads these and stays small.

/** The refusals the login page names in both languages (`app.oidc.errors.<reason>`). */
export const OIDC_ERRORS = [
  'not_configured',
  'unavailable',
  'denied',
  'expired',
  'failed',
  'email_unverified',
  'no_account',
  'blocked',
  'unconfirmed',
  'invite_invalid',
  'invite_expired',
  'invite_used',
  'invite_locked',
  'account_exists',
] as const;
export type OidcErrorReason = (typeof OIDC_ERRORS)[number];

/** The machine-readable `code` of an OIDC refusal: `oidc_` and its reason. */
export const oidcErrorCode = (reason: OidcErrorReason) => `oidc_${reason}`;
