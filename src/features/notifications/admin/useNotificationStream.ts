import { useEffect, useState } from 'react';
import { getToken } from '../../../core/web/session';
import { POLL_MS } from './notificationsApi';
import { publishPresence } from '../../../core/admin/presence/presenceEvents';
import { publishImport } from '../../imports/admin/importEvents';
import { readNotificationStream, STREAM_URL, type StreamEvent } from './notificationStream';

/**
 * Keeps the notification stream open while the bell is shown; says whether
 * it is live. When it fails or ends, the bell polls again (every 15 s) and
 * the stream is tried again after a poll period.
 */
export function useNotificationStream(onEvent: (e: StreamEvent) => void): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = getToken();
      if (!token || abort.signal.aborted) return;
      readNotificationStream(
        STREAM_URL,
        token,
        (e) => {
          setLive(true);
          // Who else has a record open goes to the edit forms, an import's progress to its dialog; neither to the bell.
          if (e.type === 'presence') publishPresence(e.presence);
          else if (e.type === 'import') publishImport(e.import);
          else onEvent(e);
        },
        abort.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          if (abort.signal.aborted) return;
          setLive(false);
          retry = setTimeout(connect, POLL_MS);
        });
    };
    connect();
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
    // The handler is read once: the bell's is stable (it only touches the query cache).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return live;
}
