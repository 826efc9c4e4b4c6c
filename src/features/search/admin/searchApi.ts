import { call } from '../../../core/admin/api/http';
import { searchOperation } from '../contract';

/** `GET /api/auth/search`: records the user may read matching `q`, grouped. */
export function searchRecords(q: string, signal?: AbortSignal) {
  return call(searchOperation, `/api/auth/search?${new URLSearchParams({ q })}`, { signal });
}
