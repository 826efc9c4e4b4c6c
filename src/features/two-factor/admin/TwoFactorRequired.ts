/**
 * The password (or Google account) was right and the user has two-factor
 * sign-in: no session yet, a ticket for the code step (POST /api/auth/2fa/verify).
 */
export class TwoFactorRequired extends Error {
  override readonly name = 'TwoFactorRequired';
  constructor(readonly ticket: string) {
    super('Two-factor code required');
  }
}
