import { startTransition, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { I18nProvider } from 'react-admin';
import { createI18nProvider } from './providers/i18nProvider';
import { AdminApp } from './AdminApp';
import { RouterError } from './screens/RouterError';
import { preloadScreen } from './preloadScreen';
import { warmPermissions } from './providers/warmPermissions';
import { seedAuthAnswers, seedIdentity } from './providers/queryClient';
import { storedIdentity } from './providers/authProvider';
import type { AdminPermissions } from './providers/permissions';
import { agreeOnLocale } from './providers/adminStore';

/**
 * Mounts react-admin under /admin. react-admin would create a hash router by
 * itself; a browser (data) router with the /admin basename gives real paths,
 * and every in-app path (ours and react-admin's) stays relative to /admin.
 */
export default function AdminRoot() {
  const [i18n, setI18n] = useState<I18nProvider | null>(null);
  useEffect(() => {
    let alive = true;
    preloadScreen(window.location.pathname);
    let permissions: AdminPermissions | undefined;
    void warmPermissions().then((p) => (permissions = p));
    // The first render of react-admin + MUI is the page's largest piece of
    // work: as a transition React renders it in slices and yields between
    // them, instead of one long task that blocks input.
    // The store must already name the starting language, or react-admin renders everything once more, urgently.
    void createI18nProvider().then((p) => {
      if (!alive) return;
      agreeOnLocale(p.getLocale());
      // Permissions here first (usually: a smaller answer than the translations) go, with checkAuth's answer, into
      // react-admin's cache before its first render; else it asks for both itself and renders again with them.
      if (permissions) seedAuthAnswers(permissions);
      const identity = storedIdentity();
      if (identity) seedIdentity(identity);
      startTransition(() => setI18n(p));
    });
    return () => {
      alive = false;
    };
  }, []);
  const router = useMemo(
    () =>
      i18n
        ? createBrowserRouter([{ path: '*', element: <AdminApp i18nProvider={i18n} />, errorElement: <RouterError /> }], {
            basename: '/admin',
          })
        : null,
    [i18n],
  );
  return router ? <RouterProvider router={router} /> : null;
}
