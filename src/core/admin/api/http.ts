import { getToken } from '../../web/session';
import { apiError } from './ApiError';
import type { BodyOf, Operation, Success } from '../../shared/api/operation';
import type { ApiRecord } from '../../shared/api/crud';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as multipart instead of JSON (uploads). */
  form?: FormData;
  signal?: AbortSignal;
  /** More request headers (`If-Match`). */
  headers?: Record<string, string>;
}

/** Injected in tests so no real network is needed. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

let fetchImpl: FetchLike = (input, init) => fetch(input, init);

export function setFetch(f: FetchLike): void {
  fetchImpl = f;
}

let unauthorized: () => void = () => undefined;

let setupRequired: () => void = () => undefined;

/** What a 403 `two_factor_setup_required` does (the auth provider opens the set-up screen). */
export function setTwoFactorSetupHandler(handler: () => void): void {
  setupRequired = handler;
}

/** What a 401 to a signed-in call does (the auth provider ends the session). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorized = handler;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One JSON call to the product API with the Bearer token of the stored session. */
export async function api<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetchImpl(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch {
    throw apiError(500, { transport: true });
  }
  const json = await readJson(res);
  // A signed-in call refused as unauthenticated: the session is over, whichever screen asked.
  if (res.status === 401 && token) unauthorized();
  if (!res.ok) {
    const o = (json && typeof json === 'object' ? json : {}) as { error?: unknown; fields?: unknown; code?: unknown; current?: unknown };
    // A role of the user now requires two-factor sign-in: the session can only set it up.
    if (res.status === 403 && o.code === 'two_factor_setup_required') setupRequired();
    throw apiError(res.status, {
      error: typeof o.error === 'string' ? o.error : undefined,
      errors: o.fields && typeof o.fields === 'object' ? (o.fields as Record<string, string>) : undefined,
      // A 412: the record as it is now.
      current: o.current && typeof o.current === 'object' ? (o.current as ApiRecord) : undefined,
    });
  }
  return json as T;
}

/**
 * A call typed by its operation's contract (src/core/shared/api): the body and the
 * answer are the Static types of the schemas the server validates and
 * serializes with, so a server change that breaks this caller fails `tsc`.
 */
export function call<O extends Operation>(
  op: O,
  url: string,
  opts: Omit<RequestOptions, 'body'> & { body?: BodyOf<O> } = {},
): Promise<Success<O>> {
  return api<Success<O>>(url, opts);
}
