import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, runSql } from '../../../../tests/api/helpers';
import { startReceiver, until, type Receiver } from './receiver';

// Safe by default: without WEBHOOKS_ALLOW_PRIVATE and WEBHOOKS_ALLOW_HTTP,
// URLs are refused at save time, and a name that resolves to a private
// address is refused again when the delivery goes out (DNS rebinding).

const HOOKS = '/api/auth/webhooks';
let h: Harness;
let rx: Receiver;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_RETRY_SCALE: '0.001' });
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await h?.close();
});

/** An endpoint as if saved when its name still resolved to a public address. */
async function storedEndpoint(url: string): Promise<string> {
  const [row] = await runSql(
    h,
    sql`INSERT INTO webhook_endpoints (url, events, secret, owner_id)
        VALUES (${url}, ARRAY['*'], ${SECRET}, (SELECT id FROM users ORDER BY created_at LIMIT 1)) RETURNING id`,
  );
  return String(row.id);
}

const deliveryOf = async (endpointId: string, id: string) =>
  (await call(h, 'GET', `${HOOKS}/${endpointId}/deliveries/${id}`, { token: h.adminToken })).json();

describe('at save time', () => {
  test.each([
    ['http://example.com/hook', /https/],
    ['https://127.0.0.1/hook', /private/],
    ['https://localhost:8443/hook', /this machine/],
    ['https://169.254.169.254/latest/meta-data/', /private/],
    ['https://[::1]/hook', /private/],
    ['https://[::ffff:127.0.0.1]/hook', /private/],
    ['https://10.1.2.3/hook', /private/],
    ['https://192.168.1.10/hook', /private/],
    ['https://0x7f000001/hook', /private/],
    ['https://metadata.google.internal/computeMetadata/v1/', /internal/],
  ])('%s is refused (400)', async (url, reason) => {
    const res = await call(h, 'POST', HOOKS, { token: h.adminToken, body: { url, events: ['*'] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.url).toMatch(reason);
    const put = await call(h, 'PUT', `${HOOKS}/00000000-0000-4000-8000-000000000000`, { token: h.adminToken, body: { url } });
    expect(put.statusCode).toBe(400);
  });

  test('a public https address is accepted', async () => {
    const res = await call(h, 'POST', HOOKS, {
      token: h.adminToken,
      body: { url: 'https://93.184.215.14/hook', events: ['*'], enabled: false },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('at send time', () => {
  test('a name resolving to 127.0.0.1 (localhost) is refused when the delivery goes out; nothing arrives', async () => {
    const id = await storedEndpoint(`http://localhost:${rx.port}/rebind`);
    const t = await call(h, 'POST', `${HOOKS}/${id}/test`, { token: h.adminToken });
    expect(t.statusCode).toBe(202);
    await until(async () => (await deliveryOf(id, t.json()._id)).attempts >= 1 && (await deliveryOf(id, t.json()._id)).lastError !== null);
    const d = await deliveryOf(id, t.json()._id);
    expect(d.lastError).toMatch(/private/);
    expect(d.log[0]).toMatchObject({ responseStatus: null });
    expect(rx.got).toEqual([]);
  });

  test('an address stored as a literal is refused too', async () => {
    const id = await storedEndpoint(`http://127.0.0.1:${rx.port}/literal`);
    const t = await call(h, 'POST', `${HOOKS}/${id}/test`, { token: h.adminToken });
    await until(async () => (await deliveryOf(id, t.json()._id)).lastError !== null);
    expect((await deliveryOf(id, t.json()._id)).lastError).toMatch(/private/);
    expect(rx.got).toEqual([]);
  });

  test('an endpoint failing for five days is disabled and its owner told in the bell', async () => {
    const id = await storedEndpoint(`http://127.0.0.1:${rx.port}/failing`);
    await runSql(h, sql`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = ${id}`);
    await call(h, 'POST', `${HOOKS}/${id}/test`, { token: h.adminToken });
    await until(async () => !(await call(h, 'GET', `${HOOKS}/${id}`, { token: h.adminToken })).json().enabled);
    expect((await call(h, 'GET', `${HOOKS}/${id}`, { token: h.adminToken })).json().disabledReason).toMatch(/5 days/);
    expect((await call(h, 'GET', '/api/auth/notifications', { token: h.adminToken })).body).toContain('A webhook endpoint was disabled');
  });
});
