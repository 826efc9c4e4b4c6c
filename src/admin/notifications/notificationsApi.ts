import { api } from '../api/http';

export interface AppNotification {
  _id: string;
  title: string;
  body?: string | null;
  link?: string | null;
  readAt?: string | null;
  createdAt: string;
}

export interface NotificationPage {
  data: AppNotification[];
  total: number | string;
  page: number;
  pages: number;
  unread: number;
}

/** SPEC 9: the bell lists 10 unread, polls every 15 s, data stale after 30 s. */
export const BELL_LIMIT = 10;
export const POLL_MS = 15000;
export const STALE_MS = 30000;

export const unreadNotifications = () => api<NotificationPage>(`/api/auth/notifications?page=1&limit=${BELL_LIMIT}&unread=1`);

export const markRead = (id: string) => api(`/api/auth/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllRead = () => api('/api/auth/notifications', { method: 'POST' });

/** '99+' above 99, as the badge shows it. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
