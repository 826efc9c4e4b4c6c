/**
 * Says whether a key's periodic write ("last seen", "last used") is due:
 * at most once per `everyMs` per key in this process. The write's own
 * condition in the database is what makes it right across replicas; this
 * memory only saves statements in between (losing it costs one extra write).
 */
export function perKeyThrottle(everyMs: number, maxKeys = 10_000): (key: string) => boolean {
  const last = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    const at = last.get(key);
    if (at !== undefined && now - at < everyMs) return false;
    if (last.size >= maxKeys) last.clear();
    last.set(key, now);
    return true;
  };
}
