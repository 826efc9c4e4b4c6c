/**
 * Fetches /locales/{lng}/translations.json for the light faces (public site,
 * error screens) without i18next. Same retry rule as the admin:
 * 5xx, no status or a network failure are retried 5 times from 350 ms,
 * doubling; 4xx and unparseable JSON are not. One request per language.
 */
export type Messages = { [key: string]: string | Messages };

const RETRIES = 5;
const FIRST_DELAY_MS = 350;
const cache = new Map<string, Promise<Messages>>();

class NoRetry extends Error {}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fetchOnce(lng: string): Promise<Messages> {
  // A network failure rejects here and counts as retriable.
  const res = await fetch(`/locales/${lng}/translations.json`);
  if (res.status >= 400 && res.status < 500) throw new NoRetry(`HTTP ${res.status}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  try {
    return (await res.json()) as Messages;
  } catch {
    throw new NoRetry('Bad JSON');
  }
}

async function fetchWithRetry(lng: string): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce(lng);
    } catch (e) {
      if (e instanceof NoRetry || attempt >= RETRIES) throw e;
      await wait(FIRST_DELAY_MS * 2 ** attempt);
    }
  }
}

export function loadLocaleFile(lng: string): Promise<Messages> {
  let p = cache.get(lng);
  if (!p) {
    p = fetchWithRetry(lng);
    // A failed load may be tried again later (e.g. on the next language switch).
    p.catch(() => cache.delete(lng));
    cache.set(lng, p);
  }
  return p;
}

/** Looks up a dotted key ('app.site.home.title') and fills {{name}} placeholders. */
export function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
