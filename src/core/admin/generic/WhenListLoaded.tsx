import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';

/** A list's rows, or nothing while its load failed (ListStatus says so and offers Retry, not 'No … found'). */
export function WhenListLoaded({ children }: { children: ReactNode }) {
  const { error } = useListContext();
  return error ? null : <>{children}</>;
}
