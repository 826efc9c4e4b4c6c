import { useCallback, useState } from 'react';

/**
 * State kept in localStorage under its own key. react-admin's store is reset
 * on logout, but the menu view and sidebar state must survive it.
 */
export function usePersistentState<T>(key: string, initial: () => T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const raw = localStorage.getItem(key);
    if (raw === null) return initial();
    try {
      return JSON.parse(raw) as T;
    } catch {
      return initial();
    }
  });
  const set = useCallback(
    (v: T) => {
      localStorage.setItem(key, JSON.stringify(v));
      setValue(v);
    },
    [key],
  );
  return [value, set];
}
