import { call } from '../../../core/admin/api/http';
import * as contract from '../contract';
import type { Success } from '../../../core/shared/api/operation';
import type { Static } from '../../../core/shared/api/schema';

export type AppNotification = Static<typeof contract.Notification>;
export type NotificationPage = Success<typeof contract.notifications>;

/** The bell lists 10 unread, polls every 15 s, data stale after 30 s. */
export const BELL_LIMIT = 10;
export const POLL_MS = 15000;
export const STALE_MS = 30000;

export const unreadNotifications = () => call(contract.notifications, `/api/auth/notifications?page=1&limit=${BELL_LIMIT}&unread=1`);

export const markRead = (id: string) =>
  call(contract.readNotification, `/api/auth/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllRead = () => call(contract.readAllNotifications, '/api/auth/notifications', { method: 'POST' });

/** '99+' above 99, as the badge shows it. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
