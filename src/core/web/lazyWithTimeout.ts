import type { ComponentType } from 'react';

/** A lazily loaded chunk that does not arrive within 120 s is an error. */
export const CHUNK_TIMEOUT_MS = 120000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

// eslint-disable-next-line -- any: React.lazy accepts components of any props
export function lazyWithTimeout<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): () => Promise<{ default: T }> {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out.')), timeoutMs);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
}
