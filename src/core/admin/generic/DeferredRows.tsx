import { useDeferredValue, type ReactNode } from 'react';
import { ListContextProvider, useListContext } from 'react-admin';

/**
 * A list's records drawn in a transition. A page of records arrives as a
 * store update, which React renders at once and in one piece: a page of
 * rows with their buttons was the longest task of a list screen's load.
 * Below this, the rows see the list as it was until React has drawn the new
 * page in slices, yielding to input between them; the rest of the screen
 * (title, toolbar, loading bar) follows the list at once.
 */
export function DeferredRows({ children }: { children: ReactNode }) {
  const list = useDeferredValue(useListContext());
  return <ListContextProvider value={list}>{children}</ListContextProvider>;
}
