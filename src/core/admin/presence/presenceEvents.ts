import type { PresenceEvent } from '../../shared/api/presence';

/**
 * `presence` events of the notification stream, handed on to the open edit
 * forms: the stream is opened once (by the bell), forms come and go.
 */
const listeners = new Set<(e: PresenceEvent) => void>();

export function publishPresence(e: PresenceEvent): void {
  for (const l of listeners) l(e);
}

export function onPresence(listener: (e: PresenceEvent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
