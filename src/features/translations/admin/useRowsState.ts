import { useCallback, useState } from 'react';
import { newRow, sortRows, toRows, type Row } from './entries';
import type { Entries } from './translationsApi';

/** The edited rows of one language and whether they differ from what was loaded. */
export function useRowsState() {
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);

  const edit = useCallback((change: (rows: Row[]) => Row[]) => {
    setRows(change);
    setDirty(true);
  }, []);

  return {
    rows,
    dirty,
    /** Fresh rows from the server, in key order (the database keeps no useful order). */
    reset: useCallback((entries: Entries) => {
      setRows(sortRows(toRows(entries)));
      setDirty(false);
    }, []),
    addRow: useCallback(() => {
      const row = newRow();
      edit((rs) => [row, ...rs]);
      return row.id;
    }, [edit]),
    updateRow: useCallback(
      (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => edit((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r))),
      [edit],
    ),
    deleteRow: useCallback((id: number) => edit((rs) => rs.filter((r) => r.id !== id)), [edit]),
    sort: useCallback(() => edit(sortRows), [edit]),
    replaceAll: useCallback((entries: Entries) => edit(() => toRows(entries)), [edit]),
    prepend: useCallback((pairs: [string, string][]) => edit((rs) => [...pairs.map(([k, v]) => newRow(k, v)), ...rs]), [edit]),
  };
}
