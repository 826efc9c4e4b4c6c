import { adminTwin, isAdminPath } from './adminPaths';
import { detectLanguage } from './language';
import { loadLocaleFile } from './localeFile';

// Two faces, one SPA: the admin chunk (react-admin + MUI) is only fetched
// under /admin, so a visitor of the public site never downloads it.
const twin = adminTwin(window.location.pathname, window.location.search);
if (twin) window.history.replaceState(window.history.state, '', twin + window.location.hash);
const admin = isAdminPath(window.location.pathname);

// This entry imports no React, so everything the page needs starts at once:
// React (boot), the face's chunk and, for the public site, its texts.
if (!admin) void loadLocaleFile(detectLanguage()).catch(() => undefined);
const face = admin ? import('../admin/AdminRoot') : import('../site/SiteRoot');
// The face's own failure is shown by boot's error boundary, not reported here.
face.catch(() => undefined);

import('./boot').then(
  ({ boot }) => boot(() => face),
  (error: unknown) => {
    // React itself did not arrive: nothing can render, so say it plainly.
    document.body.textContent = `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  },
);
