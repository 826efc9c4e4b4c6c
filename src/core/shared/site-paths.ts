/**
 * The public site's routes. Plain strings so the
 * server can check admin paths against them at start (route-names.ts);
 * src/core/site/routes.tsx gives each its page.
 */
export const SITE_PATHS = {
  home: '/',
  about: '/about',
  events: '/events',
  contact: '/contact',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  invite: '/invite',
  experience: '/experience/:slugOrId',
} as const;

/**
 * Admin screens that are not resources, relative to /admin. `login` and
 * `account` also answer unprefixed (/login -> /admin/login); the password pages do not:
 * the public site has its own light forms at those paths.
 */
export const ADMIN_OWN_PATHS = {
  login: '/login',
  profile: '/account/profile',
  auditLog: '/audit-log',
  webhooks: '/webhooks',
  twoFactorSetup: '/account/two-factor',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
} as const;
