import { useEffect, useState } from 'react';
import type { Success } from '../../../core/shared/api/operation';
import type { publicConfig } from '../../../core/shared/api/system';

/** GET /api/config: the Google client id when Google sign-in is enabled, else null. */
export function useGoogleClientId(): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    fetch('/api/config')
      .then((r) => (r.ok ? (r.json() as Promise<Success<typeof publicConfig>>) : null))
      .then((c) => {
        if (alive && c?.googleClientId) setClientId(c.googleClientId);
      })
      // Without the config the page simply offers no Google button.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return clientId;
}
