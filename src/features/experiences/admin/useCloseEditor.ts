import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIST_ROUTE } from './urls';

/**
 * Close closes the window when a script opened it; otherwise the
 * browser refuses (window.closed stays false) and we go to the list.
 */
export function useCloseEditor(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    window.close();
    if (!window.closed) navigate(LIST_ROUTE);
  }, [navigate]);
}
