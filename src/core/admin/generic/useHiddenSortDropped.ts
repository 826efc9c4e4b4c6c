import { useEffect } from 'react';
import { useStore } from 'react-admin';
import type { FieldAccess } from './fieldAccess';

type StoredListParams = Record<string, unknown> & { sort?: unknown };

/**
 * A list's remembered sort (react-admin keeps it per resource in its store)
 * on a field the user may not read (their rules changed since, or someone
 * else sorted on this browser) would make every request a 403. It is
 * dropped, and the list opens in its default order. Answers whether it is
 * still to be dropped: the list waits for that, so no refused request goes.
 */
export function useHiddenSortDropped(resource: string, access: FieldAccess): boolean {
  const [params, setParams] = useStore<StoredListParams | undefined>(`${resource}.listParams`);
  const sort = params?.sort;
  const hidden = typeof sort === 'string' && sort !== '' && !access.read(sort.split('.')[0]);
  useEffect(() => {
    if (!hidden || !params) return;
    const { sort: _sort, order: _order, ...rest } = params;
    setParams(rest);
  }, [hidden, params, setParams]);
  return hidden;
}
