import { QueryClient } from '@tanstack/react-query';
import type { UserIdentity } from 'react-admin';
import type { AdminPermissions } from './permissions';

/** The admin's query cache (react-admin's and ours). Lists stay fresh 15 s and are not retried. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 15000, retry: false } } });

/**
 * What the auth provider would answer, put in react-admin's cache before its
 * first render, once warmPermissions has the user's permissions (so a live
 * session: it asks only with a token not past its expiry, checkAuth's own
 * rule). react-admin asks checkAuth and getPermissions from its first render
 * on: each answer arriving then made it render the whole admin again (three
 * times as a list opened), and the list waited for checkAuth before asking
 * for its records. The keys are react-admin's, with its default (empty)
 * parameters; the values are what the provider returns.
 */
export function seedAuthAnswers(permissions: AdminPermissions): void {
  queryClient.setQueryData(['auth', 'checkAuth', {}], true);
  queryClient.setQueryData(['auth', 'getPermissions', {}], permissions);
}

/**
 * The signed-in user's identity (read from storage, as getIdentity does) in
 * react-admin's cache before its first render: asked for after it, the
 * account button came a moment after the app bar's other buttons and pushed
 * them aside.
 */
export function seedIdentity(identity: UserIdentity): void {
  queryClient.setQueryData(['auth', 'getIdentity'], identity);
}
