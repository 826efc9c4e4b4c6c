import { useEffect } from 'react';

/** A full page load to a path outside the login-only shell. */
export function LeaveShell({ to }: { to: string }) {
  useEffect(() => window.location.assign(to), [to]);
  return null;
}
