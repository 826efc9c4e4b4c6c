/**
 * How errors are written to the log: type, message, code and stack, down the
 * `cause` chain, and nothing else. A failed query is logged by its statement
 * only: drizzle puts the query's values in its message ("params: ...") and in
 * a `params` property, and those values are password hashes, tokens and
 * whatever a user typed. The driver's `detail` (which repeats key values) is
 * left out too. Anything that still looks like a hash or a JWT is masked.
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  constructor?: { name?: string };
}

const SECRET_SHAPES = [
  /\$argon2(?:id|i|d)\$[^\s"',]*/g, // password hashes
  /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g, // JWTs
];

function mask(text: string): string {
  return SECRET_SHAPES.reduce((t, re) => t.replace(re, '[redacted]'), text);
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: mask(String(err)), stack: '' };
  const e = err as ErrorLike;
  const original = typeof e.message === 'string' ? e.message : '';
  // drizzle's DrizzleQueryError: `Failed query: ${query}\nparams: ${params}`.
  const cut = original.startsWith('Failed query: ') ? original.indexOf('\nparams: ') : -1;
  const message = cut >= 0 ? original.slice(0, cut) : original;
  // The stack repeats the message; pino's own serializer would also append the causes' stacks.
  const stack = typeof e.stack === 'string' ? (original ? e.stack.replace(original, message) : e.stack) : '';
  const out: LoggedError = {
    type: e.constructor?.name ?? (typeof e.name === 'string' ? e.name : 'Error'),
    message: mask(message),
    stack: mask(stack.split('\ncaused by:')[0]),
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
