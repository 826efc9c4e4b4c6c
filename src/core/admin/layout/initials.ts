/** 'Ada Lovelace' -> 'AL'; falls back to the e-mail's first letter. */
export function initials(name: string | undefined, email?: string): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return (email ?? '?').charAt(0).toUpperCase();
  const first = parts[0].charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}
