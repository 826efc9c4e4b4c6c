/** A database URL fit for logs: host, port and database, never the password. */
export function redactDatabaseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    u.search = '';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
