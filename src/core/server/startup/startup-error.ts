/**
 * A reason the server cannot start that the operator can act on (port taken,
 * database away, folder not writable). `main` prints its message as one line
 * and exits 1, without a stack trace.
 */
export class StartupError extends Error {}

/** The innermost message of an error and its causes (drizzle wraps the driver's error). */
export function rootMessage(err: unknown): string {
  let e: unknown = err;
  let message = String(err);
  for (let i = 0; i < 8 && e && typeof e === 'object'; i++) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && m) message = m;
    e = (e as { cause?: unknown }).cause;
  }
  // One line: a driver's message may carry a hint on the next line.
  return message.split('\n')[0];
}
