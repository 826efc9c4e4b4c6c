import type { BodyOf, Operation } from '../shared/api/operation';

/**
 * One public API call (no token needed). Resolves with the server's `error`
 * text when it sent one (shown as is), null on success, and
 * `fallback` for transport failures or answers without an error field. The
 * operation (src/core/shared/api), a type argument only, types the body: the site
 * never loads the schemas themselves (TypeBox is 12 kB gzipped).
 */
export async function postJson<O extends Operation>(url: string, body: BodyOf<O>, fallback: string): Promise<string | null> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (res.ok) return null;
    const json = (await res.json().catch(() => null)) as { error?: unknown } | null;
    return typeof json?.error === 'string' && json.error ? json.error : fallback;
  } catch {
    return fallback;
  }
}
