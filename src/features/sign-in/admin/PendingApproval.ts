/**
 * A Google sign-in with an invite by someone new registers them (202) instead
 * of signing them in: no token comes back, only the server's message.
 */
export class PendingApproval extends Error {
  override readonly name = 'PendingApproval';
}

/** The 202 answer of POST /api/auth/google for a new invited person. */
export interface PendingAnswer {
  ok: boolean;
  message?: string;
}

export const REGISTRATION_SUBMITTED = 'Registration submitted. Awaiting approval.';
