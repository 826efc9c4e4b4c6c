import { lazy, Suspense } from 'react';
import type { Identifier } from 'react-admin';

// Its own chunk: the admin's first load stays within its budget (bench/bundle.mjs).
const UserSecurityPanel = lazy(() => import('./UserSecurityPanel'));

/** The user edit screen's security panel (sessions, API tokens, two-factor reset), loaded when a user is opened. */
export function LazyUserSecurityPanel({ id }: { id: Identifier }) {
  return (
    <Suspense fallback={null}>
      <UserSecurityPanel id={id} />
    </Suspense>
  );
}
