import sharp from 'sharp';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../src/core/server/db/rows';
import { bearer, type Harness } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request as a client makes it: optional Bearer token and JSON body. */
export async function call(
  h: Harness,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...(opts.headers ?? {}) },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  assertNoSecrets(res);
  return res;
}

const SECRET_KEYS = ['passwordHash', 'password_hash', 'password', 'googleSub', 'google_sub', 'tokenHash', 'token_hash'];

/** An audit diff's entry for a secret: `{before?, after?}`, each only the redaction marker. */
const isRedactedChange = (v: unknown): boolean =>
  Boolean(v) &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v as object).length > 0 &&
  Object.entries(v as object).every(([k, x]) => (k === 'before' || k === 'after') && x === '[redacted]');

/** No response ever carries a password (hash) or a Google subject. */
export function assertNoSecrets(res: LightMyRequestResponse): void {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return;
  if (res.raw.req.url?.startsWith('/api/docs')) return; // the API description names the fields
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (path === '$' && k === 'fields') continue; // validation messages keyed by field name
        if (isRedactedChange(x)) continue; // the audit trail says a secret changed, never its value
        expect(SECRET_KEYS, `secret field ${path}.${k} in ${res.raw.req.method} ${res.raw.req.url}`).not.toContain(k);
        walk(x, `${path}.${k}`);
      }
    }
  };
  walk(res.json(), '$');
  expect(res.body).not.toMatch(/\$argon2/);
}

const roleIds = new WeakMap<Harness, Map<string, string>>();

/** The id of a role, looked up once per harness. */
async function roleIdOf(h: Harness, name: string): Promise<string> {
  let ids = roleIds.get(h);
  if (!ids) roleIds.set(h, (ids = new Map()));
  let id = ids.get(name);
  if (!id) ids.set(name, (id = (await roleByName(h, name))._id));
  return id;
}

export async function roleByName(
  h: Harness,
  name: string,
): Promise<{ _id: string; name: string; type: string; permission: { _id: string }[] }> {
  const res = await call(h, 'GET', `/api/auth/roles?limit=1000&q=${encodeURIComponent(name)}`, { token: h.adminToken });
  const role = res.json().data.find((r: { name: string }) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

export async function permissionByRoute(h: Harness, method: string, route: string): Promise<{ _id: string; auth: boolean; name: string }> {
  const res = await call(h, 'GET', `/api/auth/permissions?limit=1000000`, { token: h.adminToken });
  const p = res.json().data.find((x: { method: string; route: string }) => x.method === method && x.route === route);
  if (!p) throw new Error(`no permission ${method} ${route}`);
  return p;
}

let seq = 0;
/** A unique e-mail for this test file. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++seq}@example.com`;

/**
 * Creates a user through the API (as the superadmin), optionally gives them
 * a role by name, and returns the record.
 */
export async function createUser(
  h: Harness,
  fields: { name?: string; email?: string; password?: string; confirmed?: boolean; blocked?: boolean; role?: string } = {},
): Promise<{ _id: string; name: string; email: string; password: string }> {
  const { role, ...rest } = fields;
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const body = { name: 'Test User', email: uniqueEmail(), password: 'secret-pass-1', ...given };
  const res = await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  if (role) {
    const roleId = await roleIdOf(h, role);
    const ur = await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: res.json()._id, role: roleId } });
    if (ur.statusCode !== 201) throw new Error(`create user-role failed: ${ur.statusCode} ${ur.body}`);
  }
  return { ...res.json(), password: body.password };
}

/** Runs SQL on the harness database; returns its rows. */
export async function runSql(h: Harness, query: import('drizzle-orm').SQL): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await h.app.deps.database.db.execute(query));
}

/**
 * Repeats `probe` until it returns `expected` or `timeoutMs` passes, and
 * returns the last value: for changes that reach the server by a database
 * notification (another process, SQL run by hand) rather than through it.
 */
export async function settlesTo<T>(probe: () => Promise<T>, expected: T, timeoutMs = 2000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await probe();
  while (last !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await probe();
  }
  return last;
}

/** A real picture (a PNG of one colour) uploaded as a person's profile image: the path the server issued. */
export async function uploadedImage(h: Harness, token: string, background = '#36c'): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload/profile-image',
    headers: { ...bearer(token), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().filePaths[0].path as string;
}

/** The answer, or null when it has not come within `ms`: a request the server leaves unanswered, named by the caller. */
export async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
