import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import type { TokenView } from './tokensApi';

/** Revoking a token from a list: the call, its toast, the list reloaded, the row busy meanwhile. */
export function useRevoke(key: QueryKey, revoke: (tokenId: string) => Promise<unknown>) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const onRevoke = async (t: TokenView) => {
    setBusy(t._id);
    try {
      await revoke(t._id);
      notify('app.api_tokens.revoked', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (e) {
      notify(errorBody(e).error ?? translate('app.api_tokens.revoke_failed'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { onRevoke, busy };
}
