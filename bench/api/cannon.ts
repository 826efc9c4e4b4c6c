import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CannonRequest {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface CannonResult {
  /** Mean requests per second. */
  requests: number;
  total: number;
  p50: number;
  /** Exact, from every response's time (null when none answered). */
  p95: number | null;
  p97_5: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run in a child process; `requests` are cycled per connection. */
export function cannon(opts: {
  url: string;
  duration: number;
  connections: number;
  requests: CannonRequest[];
  headers: Record<string, string>;
}): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./cannon-child.mjs', import.meta.url)), [], { stdio: 'inherit', execArgv: [] });
    let done = false;
    // Hard stop: a run never outlives its duration by more than a minute.
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        finish(new Error('autocannon run timed out'));
      },
      (opts.duration + 60) * 1000,
    );
    const finish = (err: Error | null, r?: CannonResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(r!);
    };
    child.once('message', (m: CannonResult & { error?: string }) => finish(m.error ? new Error(m.error) : null, m));
    child.once('error', (e) => finish(e));
    child.once('exit', (code) => finish(new Error(`autocannon child exited with ${code} before reporting`)));
    child.send(opts);
  });
}
