import { lazy } from 'react';
import { lazyWithTimeout } from '../web/lazyWithTimeout';

/** Screens past the first paint load as their own chunks (admin budget), giving up after 120 s. */
const loadResourceList = () => import('./generic/ResourceList');
export const ResourceList = lazy(lazyWithTimeout(loadResourceList));
/** Starts fetching the generated list's chunk before react-admin asks for it (its failure shows when rendered). */
export const preloadResourceList = () => void loadResourceList().catch(() => undefined);
export const ProfilePage = lazy(
  lazyWithTimeout(() => import('../../features/account/admin/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
);
export const ForgotPasswordPage = lazy(
  lazyWithTimeout(() => import('../../features/sign-in/admin/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage }))),
);
export const ResetPasswordPage = lazy(
  lazyWithTimeout(() => import('../../features/sign-in/admin/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage }))),
);
export const AuditLogPage = lazy(lazyWithTimeout(() => import('../../features/audit/admin/AuditLogPage')));
export const WebhooksPage = lazy(lazyWithTimeout(() => import('../../features/webhooks/admin/WebhooksPage')));
export const TwoFactorSetupPage = lazy(
  lazyWithTimeout(() => import('../../features/two-factor/admin/TwoFactorSetupPage').then((m) => ({ default: m.TwoFactorSetupPage }))),
);
/** The dashboard (counts, pending registrations, the new-users chart) is not needed on a list's first load. */
export const Dashboard = lazy(
  lazyWithTimeout(() => import('../../features/dashboard/admin/Dashboard').then((m) => ({ default: m.Dashboard }))),
);
/** The admin's own sign-in page (react-hook-form and the inputs): only a signed-in visitor of /admin/login sees it. */
export const LoginPage = lazy(
  lazyWithTimeout(() => import('../../features/sign-in/admin/LoginPage').then((m) => ({ default: m.LoginPage }))),
);
/** Shown only when the auth check fails for another reason than a signed-out session. */
export const AuthenticationErrorPage = lazy(lazyWithTimeout(() => import('./screens/AuthenticationError')));
