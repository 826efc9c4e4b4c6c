import { useEffect, useState } from 'react';
import { getToken } from '../web/session';

const PROFILE_PATH = '/account/profile';

/** SPEC 2: the home shows a 'User Profile' tile only when the user's categories include it. */
export function useProfileTile(): boolean {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let alive = true;
    fetch('/api/auth/user-categories?page=1&limit=50', { headers: { Authorization: `Bearer ${token}` } })
      .then((r) => (r.ok ? (r.json() as Promise<{ data?: { path?: string }[] }>) : { data: [] }))
      .then((body) => {
        if (alive) setShow((body.data ?? []).some((c) => c.path === PROFILE_PATH));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return show;
}
