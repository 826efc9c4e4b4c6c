import { lazy } from 'react';
import { lazyWithTimeout } from '../../web/lazyWithTimeout';

// The form, its inputs and the record history are not needed to show a list:
// they load as their own chunk.
const load = () => import('./FormDialog').then((m) => ({ default: m.FormDialog }));

/** The add/edit modal of the generated lists, loaded on first use, giving up after 120 s. */
export const LazyFormDialog = lazy(lazyWithTimeout(load));

/**
 * Fetches the modal's chunk once the browser is idle after the list's first
 * load, so opening a record does not wait for the network.
 */
export function preloadFormDialog(): () => void {
  const start = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 2000);
  return () => window.clearTimeout(id);
}
