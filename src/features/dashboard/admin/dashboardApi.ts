import { useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '../contract';
import { api } from '../../../core/admin/api/http';

/** The admin home's one request (`GET /api/auth/dashboard`), fresh for 15 s like the lists. */
export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => api<DashboardAnswer>('/api/auth/dashboard'), staleTime: 15000 });
}
