/**
 * A user whose role reaches the users list and records through access
 * rules (a field rule and a record rule), made through the API as the
 * superadmin: the bench runs the same paths as them and as the superadmin.
 */
export const BENCH_RULE = {
  read: ['name', 'email', 'confirmed', 'blocked', 'createdAt'],
  where: { confirmed: { eq: true } },
};

/** Every run makes a desk user of its own, its e-mail starting so. */
export const DESK_EMAIL_PREFIX = 'bench-desk-';

async function json<T>(base: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function restrictedHeaders(base: string, admin: Record<string, string>): Promise<Record<string, string>> {
  const perms = await json<{ data: { _id: string; method: string; route: string }[] }>(
    base,
    admin,
    'GET',
    '/api/auth/permissions?limit=10000',
  );
  const wanted = perms.data.filter((p) => p.method === 'GET' && (p.route === '/api/auth/users' || p.route === '/api/auth/users/:id'));
  const role = await json<{ _id: string }>(base, admin, 'POST', '/api/auth/roles', {
    name: `Bench Desk ${Date.now()}`,
    type: 'staff',
    description: 'Reads names and e-mails of confirmed users (bench)',
    permission: wanted.map((p) => p._id),
  });
  await json(base, admin, 'PUT', `/api/auth/roles/${role._id}/access`, { resources: { users: BENCH_RULE } });
  const email = `${DESK_EMAIL_PREFIX}${Date.now()}@example.com`;
  const password = 'bench-desk-password-1';
  const user = await json<{ _id: string }>(base, admin, 'POST', '/api/auth/users', { name: 'Bench Desk', email, password });
  await json(base, admin, 'POST', '/api/auth/user-roles', { user: user._id, role: role._id });
  const login = await json<{ token: string }>(base, {}, 'POST', '/api/auth/login', { email, password });
  return { authorization: `Bearer ${login.token}` };
}
