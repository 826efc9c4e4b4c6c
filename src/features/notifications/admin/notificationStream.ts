import { createParser } from 'eventsource-parser';
import type { PresenceEvent } from '../../../core/shared/api/presence';
import type { ImportEvent } from '../../imports/contract';

export const STREAM_URL = '/api/auth/notifications/stream';

export type StreamEvent =
  | { type: 'unread'; unread: number }
  | { type: 'notification'; notification: { _id: string; title: string } }
  | { type: 'presence'; presence: PresenceEvent }
  | { type: 'import'; import: ImportEvent };

/**
 * Reads the notification stream (Server-Sent Events) with fetch: EventSource
 * cannot send the Authorization header. Resolves when the server ends the
 * stream, rejects when it cannot be opened (not 200) or breaks; the caller
 * then falls back to polling and tries again later.
 */
export async function readNotificationStream(
  url: string,
  token: string,
  onEvent: (e: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) {
    await res.body?.cancel(); // frees the connection
    throw new Error(`notification stream: ${res.status}`);
  }
  const parser = createParser({
    onEvent: (m) => {
      let data: unknown;
      try {
        data = JSON.parse(m.data);
      } catch {
        return;
      }
      if (m.event === 'unread' && typeof (data as { unread?: unknown }).unread === 'number')
        onEvent({ type: 'unread', unread: (data as { unread: number }).unread });
      else if (m.event === 'notification') onEvent({ type: 'notification', notification: data as { _id: string; title: string } });
      else if (m.event === 'presence') onEvent({ type: 'presence', presence: data as PresenceEvent });
      else if (m.event === 'import') onEvent({ type: 'import', import: data as ImportEvent });
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
