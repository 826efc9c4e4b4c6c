import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { ListContextProvider, useListContext, type ListControllerResult } from 'react-admin';

/** What was fetched, as one snapshot, and the snapshot React has drawn (the same, or the one before). */
function useDrawnFetch(list: ListControllerResult) {
  const { data, total, meta, error, isPending, isLoading, isFetching, isPaused, isPlaceholderData } = list;
  const { hasNextPage, hasPreviousPage } = list;
  const fetched = useMemo(
    () => ({ data, total, meta, error, isPending, isLoading, isFetching, isPaused, isPlaceholderData, hasNextPage, hasPreviousPage }),
    [data, total, meta, error, isPending, isLoading, isFetching, isPaused, isPlaceholderData, hasNextPage, hasPreviousPage],
  );
  return { fetched, drawn: useDeferredValue(fetched) };
}

/** The drawn snapshot with the list's current query, setters and selection. */
function useWithCurrentQuery(drawn: ReturnType<typeof useDrawnFetch>['drawn'], list: ListControllerResult): ListControllerResult {
  const { sort, page, perPage, filter, filterValues, displayedFilters, selectedIds, resource, defaultTitle } = list;
  const { setPage, setPerPage, setSort, setFilters, showFilter, hideFilter, refetch, exporter, getData } = list;
  const { onSelect, onSelectAll, onToggleItem, onUnselectItems } = list;
  return useMemo(
    () =>
      // The union's members differ only in what was fetched, which `drawn` holds as one consistent snapshot.
      ({
        ...drawn,
        sort,
        page,
        perPage,
        filter,
        filterValues,
        displayedFilters,
        selectedIds,
        resource,
        defaultTitle,
        setPage,
        setPerPage,
        setSort,
        setFilters,
        showFilter,
        hideFilter,
        refetch,
        exporter,
        getData,
        onSelect,
        onSelectAll,
        onToggleItem,
        onUnselectItems,
      }) as ListControllerResult,
    [
      drawn,
      sort,
      page,
      perPage,
      filter,
      filterValues,
      displayedFilters,
      selectedIds,
      resource,
      defaultTitle,
      setPage,
      setPerPage,
      setSort,
      setFilters,
      showFilter,
      hideFilter,
      refetch,
      exporter,
      getData,
      onSelect,
      onSelectAll,
      onToggleItem,
      onUnselectItems,
    ],
  );
}

/**
 * A list's records drawn in a transition. A page of records arrives as a
 * store update, which React renders at once and in one piece: a page of
 * rows with their buttons was the longest task of a list screen's load.
 * Below this, the rows keep the records they show until React has drawn
 * the new page in slices, yielding to input between them; the rest of the
 * screen (title, toolbar, loading bar) follows the list at once.
 *
 * Only what was fetched waits. The query (page, sort, filters), its setters
 * and the selection are the list's current ones: a pager or a header under
 * the rows acts on the list as it is now, never on the one drawn before. While
 * the drawn page is not yet the fetched one, the rows take no pointer input
 * (a row deleted a moment ago must not be deleted twice) and say they are busy.
 */
export function DeferredRows({ children }: { children: ReactNode }) {
  const list = useListContext();
  const { fetched, drawn } = useDrawnFetch(list);
  const value = useWithCurrentQuery(drawn, list);
  const behind = drawn !== fetched;
  return (
    <div aria-busy={behind || undefined} style={behind ? { pointerEvents: 'none' } : undefined}>
      <ListContextProvider value={value}>{children}</ListContextProvider>
    </div>
  );
}
