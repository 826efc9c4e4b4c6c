/**
 * Answers of the session + RBAC check, kept until anything they were read
 * from changes. It serves nothing until `setLive(true)`: the database's
 * change notifications are what keeps it honest, so while they cannot be
 * heard every request asks the database.
 */
export class AuthCache<V> {
  private entries = new Map<string, { value: V; until: number }>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly maxEntries = 10_000,
    /** Even with notifications live, nothing is served older than this. */
    private readonly maxAgeMs = 60_000,
  ) {}

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  get(key: string, now = Date.now()): V | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until > now) return e.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Take before reading: an answer read while a change landed is not kept. */
  version(): number {
    return this.generation;
  }

  /** Keeps `value` until `until` (ms) at the latest, unless a change came in since `version`. */
  set(key: string, value: V, version: number, until: number, now = Date.now()): void {
    if (!this.live || version !== this.generation || until <= now) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: Math.min(until, now + this.maxAgeMs) });
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
