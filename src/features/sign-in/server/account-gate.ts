import { HttpError } from '../../../core/server/http/http-error';

/** Accounts that exist but may not have a session yet. */
export function assertMaySignIn(user: Record<string, unknown>): void {
  if (user.blocked) throw new HttpError(403, 'Your account is blocked. Please contact an administrator.');
  if (!user.confirmed) throw new HttpError(403, 'Your account is awaiting approval.');
}
