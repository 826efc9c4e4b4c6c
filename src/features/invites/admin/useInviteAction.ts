import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';

/**
 * One row action (approve, reject, delete): busy while running, then a toast:
 * the success key, or the server's error text, or the fallback text.
 */
export function useInviteAction(run: () => Promise<unknown>, success: string, failure: string, done: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await run();
      notify(success, { type: 'success' });
      done();
    } catch (e) {
      notify(errorBody(e).error ?? translate(failure), { type: 'error' });
      // The row may have changed under us (approved elsewhere): show the truth.
      done();
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
