import type { ImportEvent } from '../contract';

/**
 * `import` events of the notification stream (an import's state and rows
 * done), handed on to the open import dialog: the stream is opened once (by
 * the bell, for the whole admin), dialogs come and go. Small on purpose: it
 * is in the admin's first load, the dialog is not.
 */
const listeners = new Set<(e: ImportEvent) => void>();

export function publishImport(e: ImportEvent): void {
  for (const l of listeners) l(e);
}

export function onImport(listener: (e: ImportEvent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
