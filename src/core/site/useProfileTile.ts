import { useEffect, useState } from 'react';
import { getToken } from '../web/session';
import type { userCategories } from '../../features/account/contract';
import type { Success } from '../shared/api/operation';

const PROFILE_PATH = '/account/profile';

/** The home shows a 'User Profile' tile only when the user's categories include it. */
export function useProfileTile(): boolean {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let alive = true;
    fetch('/api/auth/user-categories?page=1&limit=50', { headers: { Authorization: `Bearer ${token}` } })
      .then((r): Promise<Pick<Success<typeof userCategories>, 'data'>> | { data: [] } => (r.ok ? r.json() : { data: [] }))
      .then((body) => {
        if (alive) setShow(body.data.some((c) => c.path === PROFILE_PATH));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return show;
}
