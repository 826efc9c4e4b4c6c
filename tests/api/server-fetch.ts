import type { FetchLike } from '../../src/core/admin/api/http';
import type { Harness } from './harness';

export interface SeenRequest {
  method: string;
  url: string;
}

/**
 * A `fetch` answered by the app under test through `app.inject` (so the
 * harness checks each answer against the OpenAPI document too): the
 * providers run against real server responses, every request recorded.
 */
export function serverFetch(h: Harness, seen: SeenRequest[] = []): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET') as 'GET';
    seen.push({ method, url });
    const res = await h.app.inject({
      method,
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  };
}
