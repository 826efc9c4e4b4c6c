import { operation } from '../../core/shared/api/operation';
import { Type } from '../../core/shared/api/schema';

/** `GET /api/auth/dashboard`: the admin home, holding only what the caller may read. */
export interface DashboardAnswer {
  /** One entry per declared resource whose list the caller may read, in declaration order. */
  counts: { resource: string; path: string; total: number; exact: boolean }[];
  /** Registrations waiting for an admin; absent when the caller may not list invites. */
  pendingRegistrations?: { total: number; path: string };
  /** New users per UTC day, the last 30 days oldest first (today last); absent when the caller may not list users. */
  newUsers?: { day: string; count: number }[];
  /** The caller's own latest notifications and how many are unread. */
  notifications: {
    recent: { _id: string; title: string; link: string | null; createdAt: string; readAt: string | null }[];
    unread: number;
  };
}

/** Days the new-users chart covers. */
export const NEW_USERS_DAYS = 30;
/** Notifications the dashboard lists. */
export const DASHBOARD_NOTIFICATIONS = 5;

/** The dashboard's contract (its answer is DashboardAnswer; parts the caller may not read are left out). */
export const dashboardOperation = operation({
  operationId: 'getDashboard',
  summary: 'The admin home: counts, pending registrations, new users per day and own notifications, as far as the caller may read',
  tags: ['me'],
  response: { 200: Type.Unsafe<DashboardAnswer>({ type: 'object', additionalProperties: true }) },
});
