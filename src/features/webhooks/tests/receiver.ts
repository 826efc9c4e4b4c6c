import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface Received {
  at: number;
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** What the receiver answers a request: a status, and headers; `hold`: never an answer (a receiver that hangs). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number; hold?: boolean };

/**
 * A real HTTP receiver on 127.0.0.1 (port 0): keeps every request, answers
 * what `respond` says (200 by default).
 */
export async function startReceiver() {
  const got: Received[] = [];
  let respond: (r: Received) => Answer = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      let json: Received['json'];
      try {
        json = JSON.parse(body) as Received['json'];
      } catch {
        json = { type: '', timestamp: '', data: {} };
      }
      const r: Received = { at: Date.now(), headers, body, json };
      got.push(r);
      const a = respond(r);
      if (a.hold) return;
      setTimeout(() => {
        res.writeHead(a.status, a.headers ?? {});
        res.end(a.body ?? '');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    got,
    answer(fn: (r: Received) => Answer) {
      respond = fn;
    },
    /** The requests of one event type. */
    of: (type: string) => got.filter((r) => r.json.type === type),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Verifies a delivery with the official `standardwebhooks` package: throws when the signature does not hold. */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, r.headers);
}

/** Waits until `probe` is true (deliveries arrive from the outbox's next pass). */
export async function until(probe: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
