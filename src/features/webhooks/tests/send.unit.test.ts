import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { createSender } from '../server/send';

// The sender against a real HTTP server on 127.0.0.1: what a kept connection
// changes about one attempt.

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

/** A server answering 204 and noting each request's connection; `drop` decides which to cut without an answer. */
async function server(drop: (requestOnConnection: number) => boolean) {
  const seen: number[] = [];
  const counts = new WeakMap<object, number>();
  const s = http.createServer((req, res) => {
    const n = (counts.get(req.socket) ?? 0) + 1;
    counts.set(req.socket, n);
    seen.push(n);
    req.resume();
    req.on('end', () => (drop(n) ? req.socket.destroy() : res.writeHead(204).end()));
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    s.closeAllConnections();
    s.close();
  });
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`, seen };
}

test('the next attempt to a host goes over the connection the last one opened', async () => {
  const rx = await server(() => false);
  const sender = createSender(true);
  closers.push(() => sender.destroy());
  for (let i = 0; i < 3; i++) expect((await sender.send(rx.url, {}, '{}')).status).toBe(204);
  expect(rx.seen).toEqual([1, 2, 3]);
});

test('a kept connection cut before any answer (closed by the receiver as it sat idle): sent again on a new one', async () => {
  // The second request on a connection is cut, as when the receiver closes it just as the request goes out.
  const rx = await server((n) => n > 1);
  const sender = createSender(true);
  closers.push(() => sender.destroy());
  expect((await sender.send(rx.url, {}, '{}')).status).toBe(204);
  const again = await sender.send(rx.url, {}, '{}');
  expect(again).toMatchObject({ status: 204, error: null });
  expect(rx.seen).toEqual([1, 2, 1]);
});

test('a new connection cut before any answer is a failed attempt, not sent again', async () => {
  const rx = await server(() => true);
  const sender = createSender(true);
  closers.push(() => sender.destroy());
  const r = await sender.send(rx.url, {}, '{}');
  expect(r).toMatchObject({ status: null, error: 'socket hang up' });
  expect(rx.seen).toEqual([1]);
});
