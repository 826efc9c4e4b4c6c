import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { inject } from 'vitest';

/** The compiled server of this run (tests/api/process/build.setup.ts), as `npm start` runs it. */
const compiledServer = () => [inject('serverBundle')];

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves when a line matching `re` was written. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Marks the process (and any child it starts) in its environment, to find leftovers. */
  mark: string;
}

/**
 * Spawns a real server process with exactly `env` (plus PATH and HOME): no
 * DATABASE_URL or other setting leaks in from the test run.
 */
export function spawnServer(env: Record<string, string>, opts: { cwd: string; args?: string[] }): ServerProcess {
  const mark = randomUUID();
  const child = spawn(process.execPath, opts.args ?? compiledServer(), {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BO_TEST_MARK: mark, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer, isErr: boolean) => {
    out += d.toString();
    if (isErr) err += d.toString();
    for (const w of waiters) w();
  };
  child.stdout!.on('data', (d: Buffer) => onData(d, false));
  child.stderr!.on('data', (d: Buffer) => onData(d, true));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    mark,
    output: () => out,
    stderr: () => err,
    exited,
    waitFor: (re, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const line = out.split('\n').find((l) => re.test(l));
          if (line === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(line);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no line matching ${re} in ${timeoutMs} ms; output:\n${out}`));
        }, timeoutMs);
        waiters.add(check);
        void exited.then(() =>
          setTimeout(() => {
            check();
            if (!waiters.delete(check)) return;
            clearTimeout(timer);
            reject(new Error(`exited without a line matching ${re}; output:\n${out}`));
          }, 50),
        );
        check();
      }),
  };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** Processes still running whose environment carries `mark` (Linux /proc). */
export function processesMarked(mark: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'utf8').includes(`BO_TEST_MARK=${mark}`)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** A stack trace line, as Node prints them. */
export const STACK_LINE = /^\s+at .+[:(]/m;
