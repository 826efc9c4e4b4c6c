import type { ComponentType } from 'react';
import { adminTwin, isAdminPath, isLoginPath } from '../core/web/adminPaths';
import { detectLanguage } from '../core/web/language';
import { loadLocaleFile } from '../core/web/localeFile';
import { getToken } from '../core/web/session';

// Two faces, one SPA: the admin chunk (react-admin + MUI) is only fetched
// under /admin, so a visitor of the public site never downloads it.
const twin = adminTwin(window.location.pathname, window.location.search);
if (twin) window.history.replaceState(window.history.state, '', twin + window.location.hash);
// A first load of the sign-in page gets the light login face (plain React):
// react-admin + MUI come only after sign-in, with the full navigation onward.
// Someone already signed in gets the admin, whose login page sends them on.
const light = isLoginPath(window.location.pathname) && !getToken();
const admin = !light && isAdminPath(window.location.pathname);

// This entry imports no React, so everything the page needs starts at once:
// React (boot), the face's chunk and, for the light faces, their texts.
if (!admin) void loadLocaleFile(detectLanguage()).catch(() => undefined);
// A table, not a ternary: the minifier folded branches of import() into one
// call that got a single preload list (the login page fetched SiteRoot's chunks).
const FACES: Record<'admin' | 'login' | 'site', () => Promise<{ default: ComponentType }>> = {
  admin: () => import('../core/admin/AdminRoot'),
  login: () => import('../features/sign-in/site/LoginRoot'),
  site: () => import('../core/site/SiteRoot'),
};
const face = FACES[admin ? 'admin' : light ? 'login' : 'site']();
// The face's own failure is shown by boot's error boundary, not reported here.
face.catch(() => undefined);

import('./boot').then(
  ({ boot }) => boot(() => face),
  (error: unknown) => {
    // React itself did not arrive: nothing can render, so say it plainly.
    document.body.textContent = `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  },
);
