import { setFetch } from '../../src/core/admin/api/http';

export interface Call {
  url: string;
  method: string;
  body: unknown;
  auth: string | null;
}

/** Replaces the API fetch with canned answers and records every request. */
export function fakeFetch(answer: (call: Call) => { status?: number; body?: unknown } | Error): Call[] {
  const calls: Call[] = [];
  setFetch(async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
      auth: headers.Authorization ?? null,
    };
    calls.push(call);
    const a = answer(call);
    if (a instanceof Error) throw a;
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
