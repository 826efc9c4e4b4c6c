import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/admin/api/http';
import { publicConfig } from '../../../core/shared/api/system';
import type { Success } from '../../../core/shared/api/operation';

export type PublicConfig = Success<typeof publicConfig>;

/** GET /api/config: whether Google sign-in is enabled. */
export function useConfig() {
  return useQuery({
    queryKey: ['app', 'config'],
    queryFn: () => call(publicConfig, '/api/config'),
    staleTime: Infinity,
    retry: false,
  });
}
