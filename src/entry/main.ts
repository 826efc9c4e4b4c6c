import type { ComponentType } from 'react';
import { adminTwin, isLoginPath } from '../core/web/adminPaths';
import { isAdminPath, loginPathWithNext, needsSession } from '../core/shared/session-gate';
import { detectLanguage } from '../core/web/language';
import { loadLocaleFile } from '../core/web/localeFile';
import { clearSession, getToken, syncSignedInHint } from '../core/web/session';
import { SESSION_ENDED, setFlash } from '../core/web/flash';
import { tokenExpired } from '../core/web/tokenExpiry';

// Two faces, one SPA: the admin chunk (react-admin + MUI) is only fetched
// under /admin, so a visitor of the public site never downloads it.
const twin = adminTwin(window.location.pathname, window.location.search);
if (twin) window.history.replaceState(window.history.state, '', twin + window.location.hash);
// A stored session past its token's expiry is over: forgotten before
// anything reads it, so an admin screen's first load is the light sign-in
// page saying why (as the admin's own end of a session does), not the whole
// admin starting only to end it.
const stored = getToken();
if (stored && tokenExpired(stored)) {
  clearSession();
  // Said on the sign-in page, where this load ends up; the public site and the password pages read no notice.
  if (needsSession(window.location.pathname) || isLoginPath(window.location.pathname)) setFlash(SESSION_ENDED);
}
// The server preloads the admin's files on an admin screen's page only for
// a browser with a stored session: the hint follows the storage (a session
// from before the hint, storage cleared by hand).
syncSignedInHint();
// Nobody signed in: an admin screen's first load is the sign-in page, with
// `next` to come back to. The admin would start only to send them there.
if (!getToken() && needsSession(window.location.pathname)) {
  const here = window.location.pathname + window.location.search;
  window.history.replaceState(window.history.state, '', `/admin${loginPathWithNext(here)}`);
}
// A first load of the sign-in page gets the light login face (on Preact):
// react-admin + MUI come only after sign-in, with the full navigation onward.
// Someone already signed in gets the admin, whose login page sends them on.
const light = isLoginPath(window.location.pathname) && !getToken();
const admin = !light && isAdminPath(window.location.pathname);

// This entry imports no React, so everything the page needs starts at once:
// the renderer (boot), the face's chunk and, for the light faces, their texts.
if (!admin) void loadLocaleFile(detectLanguage()).catch(() => undefined);
type Face = () => Promise<{ default: ComponentType }>;
type Boot = () => Promise<typeof import('./boot')>;
// The light faces and their boot are compiled against Preact (`?light`,
// build/light-faces.ts): React's react-dom is most of what the home page
// would load. The admin keeps React, which react-admin and MUI need.
// A table, not a ternary: the minifier folded branches of import() into one
// call that got a single preload list (the login page fetched SiteRoot's chunks).
const FACES: Record<'admin' | 'login' | 'site', [Face, Boot]> = {
  admin: [() => import('../core/admin/AdminRoot'), () => import('./boot')],
  login: [() => import('../features/sign-in/site/LoginRoot?light'), () => import('./boot?light')],
  site: [() => import('../core/site/SiteRoot?light'), () => import('./boot?light')],
};
const [loadFace, loadBoot] = FACES[admin ? 'admin' : light ? 'login' : 'site'];
const face = loadFace();
// The face's own failure is shown by boot's error boundary, not reported here.
face.catch(() => undefined);

loadBoot().then(
  ({ boot }) => boot(() => face),
  (error: unknown) => {
    // The renderer itself did not arrive: nothing can render, so say it plainly.
    document.body.textContent = `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  },
);
