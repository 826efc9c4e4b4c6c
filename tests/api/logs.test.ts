import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness';

let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  h = await startHarness({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(async () => h?.close());

describe('logs', () => {
  it('hold no passwords, session tokens or invite tokens', async () => {
    const invite = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json();
    await call(h, 'GET', `/api/auth/invites/validate/${invite.token}`);
    await call(h, 'GET', `/api/auth/users?page=1`, { token: h.adminToken });
    await call(h, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: ADMIN_PASSWORD } });
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/invites/validate/[redacted]');
    expect(log).toContain('/api/auth/users?page=1');
    expect(log).not.toContain(invite.token);
    expect(log).not.toContain(h.adminToken);
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toMatch(/\$argon2/);
  });
});
