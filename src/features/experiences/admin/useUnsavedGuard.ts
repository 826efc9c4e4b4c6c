import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { confirmDiscard } from '../../../core/admin/generic/confirmDiscard';

/** The editor's own routes: creating moves from /new to /{id}/edit. */
const EDITOR_PATH = /^\/experiences\/(new|[^/]+\/edit)$/;

/**
 * Nothing typed in the editor is lost by accident: while `dirty`, leaving
 * its route asks first, and so do reloading and closing the tab (the
 * browser's own prompt). Returns the check for the Close button, which
 * closes the window itself: a script's close() may skip that prompt.
 */
export function useUnsavedGuard(dirty: boolean): () => boolean {
  const translate = useTranslate();
  const leaving = useRef(false);
  const blocker = useBlocker(({ nextLocation }) => dirty && !leaving.current && !EDITOR_PATH.test(nextLocation.pathname));

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirmDiscard(translate)) blocker.proceed();
    else blocker.reset();
  }, [blocker, translate]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return useCallback(() => {
    if (dirty && !confirmDiscard(translate)) return false;
    leaving.current = true;
    return true;
  }, [dirty, translate]);
}
