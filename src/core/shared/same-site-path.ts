/** Any origin: a value is read against it to see whether it would leave it. */
const PROBE = 'https://same-site.invalid';

/**
 * `next` when it is a path on this site, else null. A full address or
 * `//host` would send the visitor off site, and so would what a browser
 * reads as one: it takes `\` for `/` and drops tabs and newlines, so
 * `/\host` and `/<tab>/host` lead to `host`. A path of ours has neither
 * control characters nor backslashes; what is left must stay on any origin
 * it is read against.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    return new URL(next, PROBE).origin === PROBE ? next : null;
  } catch {
    return null;
  }
}
