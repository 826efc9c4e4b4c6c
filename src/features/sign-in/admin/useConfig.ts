import { useQuery } from '@tanstack/react-query';
import { call } from '../../../admin/api/http';
import { publicConfig } from '../../../shared/api/system';
import type { Success } from '../../../shared/api/operation';

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
