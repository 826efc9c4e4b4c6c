import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http';

export interface PublicConfig {
  googleClientId: string | null;
  version: string;
}

/** GET /api/config: whether Google sign-in is enabled. */
export function useConfig() {
  return useQuery({
    queryKey: ['app', 'config'],
    queryFn: () => api<PublicConfig>('/api/config'),
    staleTime: Infinity,
    retry: false,
  });
}
