/**
 * Events one part of the admin receives once and hands on to whichever
 * screens listen now (the notification stream is opened once, by the bell;
 * edit forms and dialogs come and go). Kept tiny: hubs sit in the first load.
 */
export function eventHub<E>() {
  const listeners = new Set<(e: E) => void>();
  return {
    publish(e: E): void {
      for (const l of listeners) l(e);
    },
    /** Listens until the returned function is called. */
    on(listener: (e: E) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
