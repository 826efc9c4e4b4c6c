import { useEffect, useState } from 'react';
import type { Success } from '../../../core/shared/api/operation';
import type { publicConfig } from '../../../core/shared/api/system';

export type PublicConfig = Success<typeof publicConfig>;

/** GET /api/config: which other sign-ins are offered (Google, an OpenID Provider); null until known or when it fails. */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let alive = true;
    fetch('/api/config')
      .then((r) => (r.ok ? (r.json() as Promise<PublicConfig>) : null))
      .then((c) => {
        if (alive && c) setConfig(c);
      })
      // Without the config the page simply offers no other sign-in.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
