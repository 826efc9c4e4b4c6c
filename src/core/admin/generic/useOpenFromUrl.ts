import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OPEN_NEW, OPEN_PARAM } from '../../shared/record-path';
import type { DialogTarget } from './FormDialog';

/**
 * `?open=<id>` opens that record's form, `?open=new` the add form (links
 * from search, notifications, another tab), once the user's abilities are
 * known and only when they hold the call; the parameter then leaves the
 * address, so going back or reloading does not open it again.
 */
export function useOpenFromUrl(may: { ready: boolean; create: boolean; update: boolean }, open: (t: DialogTarget) => void): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(OPEN_PARAM);
  useEffect(() => {
    if (!wanted || !may.ready) return;
    if (wanted === OPEN_NEW ? may.create : may.update) open(wanted === OPEN_NEW ? { mode: 'create' } : { mode: 'edit', id: wanted });
    setParams(
      (p) => {
        p.delete(OPEN_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [wanted, may.ready, may.create, may.update, open, setParams]);
}
