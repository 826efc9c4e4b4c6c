import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true soon after, in a render of its own: parts
 * that need not be in the first picture (the app bar's buttons) are left out
 * of the first commit, which is one task the browser cannot interrupt, and
 * come in a time-sliced render after it (on a phone
 * they were about half of the first commit of /admin/users).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}
