/**
 * The editor runs in its own window; after a save it tells the list windows
 * to refetch. BroadcastChannel reaches every same-origin window, whether or
 * not it opened the editor.
 */
const CHANNEL = 'experiences-changed';

export function announceChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.postMessage('saved');
  ch.close();
}

export function onChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const ch = new BroadcastChannel(CHANNEL);
  ch.onmessage = () => listener();
  return () => ch.close();
}
