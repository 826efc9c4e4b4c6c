import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress, safeLookup } from './url-guard';

/** How long one attempt may take, connection to last byte. */
export const TIMEOUT_MS = 15_000;
/** The part of a response body the log keeps. */
export const RESPONSE_KEEP = 64 * 1024;

/**
 * How long a connection may wait unused for the next attempt to its host:
 * under the 5 s a Node server keeps an idle connection (others keep longer,
 * and a `Keep-Alive: timeout` they send shortens it), so a connection is
 * seldom reused just as the receiver closes it.
 */
const IDLE_MS = 4000;

/**
 * One process's sender: its connections are kept open between attempts to
 * the same host (a new TCP and TLS handshake each time was most of an
 * attempt's cost) and each new one's address is checked as it connects.
 * `destroy` closes the idle ones (on stop).
 */
export function createSender(allowPrivate: boolean) {
  const options = { keepAlive: true, timeout: IDLE_MS, lookup: safeLookup(allowPrivate) as unknown as typeof import('node:dns').lookup };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    send: (url: string, headers: Record<string, string>, body: string) => send(url, headers, body, allowPrivate, agents),
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;

export interface SendResult {
  status: number | null;
  body: string | null;
  /** Why no status came back (timeout, refused, private address). */
  error: string | null;
  retryAfter: string | null;
  durationMs: number;
}

/**
 * POSTs one delivery: no redirects followed (a 3xx is an answer like any
 * other), the host's addresses checked again as a connection opens (unless
 * private ones are allowed; `agents` check with the same rule), 15 s for the
 * whole exchange, the first 64 KB of the answer kept.
 */
function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  agents: { http: http.Agent; https: https.Agent },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    // Set once the request exists; a check refusing before that has no timer to clear.
    const clock: { timer?: NodeJS.Timeout } = {};
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(clock.timer);
      resolve({ ...r, durationMs: took() });
    };
    const failed = (error: string) => done({ status: null, body: null, error: error.replace(/\0/g, '').slice(0, 500), retryAfter: null });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      failed('invalid URL');
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
      failed(`refused: ${host} is a private address`);
      return;
    }
    const secure = target.protocol === 'https:';
    let answered = false;
    // The request in flight: the first, or the one sent again on a new connection.
    let current: http.ClientRequest | undefined;
    const post = (): void => {
      const req = (secure ? https : http).request(target, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: secure ? agents.https : agents.http,
      });
      current = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed as it sat idle fails before any answer (the race every
        // keep-alive client meets): the request goes again, within the same 15 s. Only a kept connection's
        // failure is sent again, and each is dropped as it fails, so a new one's ends it.
        if (req.reusedSocket && err.code === 'ECONNRESET' && !answered && !settled) {
          post();
          return;
        }
        failed(String(err.message || err.code || err));
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () =>
          done({
            status: res.statusCode ?? null,
            // PostgreSQL text holds no NUL: a binary answer is kept readable, not refused.
            body: Buffer.concat(chunks).toString('utf8').replace(/\0/g, '\uFFFD'),
            error: null,
            retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
          });
        res.on('data', (c: Buffer) => {
          if (kept >= RESPONSE_KEEP) return;
          const part = c.subarray(0, RESPONSE_KEEP - kept);
          chunks.push(part);
          kept += part.length;
          // Enough kept: the rest is not read.
          if (kept >= RESPONSE_KEEP) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', finish);
      });
      req.end(body);
    };
    post();
    clock.timer = setTimeout(() => {
      failed('timeout');
      current?.destroy();
    }, TIMEOUT_MS);
  });
}
