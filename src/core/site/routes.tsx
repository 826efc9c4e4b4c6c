import type { JSX } from 'react';
import { Home } from '../../features/public-pages/site/Home';
import { About } from '../../features/public-pages/site/About';
import { Events } from '../../features/public-pages/site/Events';
import { Contact } from '../../features/public-pages/site/Contact';
import { ForgotPassword } from '../../features/sign-in/site/ForgotPassword';
import { ResetPassword } from '../../features/sign-in/site/ResetPassword';
import { AcceptInvite } from '../../features/invites/site/AcceptInvite';
import { Experience } from '../../features/experiences/site/Experience';
import { SITE_PATHS } from '../shared/site-paths';

type Page = (params: Record<string, string>) => JSX.Element;

/** The page of every public path (the paths live in src/core/shared/site-paths.ts, where the server checks admin paths against them). */
const PAGES: Record<keyof typeof SITE_PATHS, Page> = {
  home: () => <Home />,
  about: () => <About />,
  events: () => <Events />,
  contact: () => <Contact />,
  forgotPassword: () => <ForgotPassword />,
  resetPassword: (p) => <ResetPassword token={p.token ?? ''} />,
  invite: () => <AcceptInvite />,
  experience: (p) => <Experience key={p.slugOrId} slugOrId={p.slugOrId ?? ''} />,
};

/** Public routes. `:name` segments become params. */
export const ROUTES: [pattern: string, page: Page][] = (Object.keys(SITE_PATHS) as (keyof typeof SITE_PATHS)[]).map((k) => [
  SITE_PATHS[k],
  PAGES[k],
]);

export function matchRoute(path: string, routes = ROUTES): { page: Page; params: Record<string, string> } | null {
  const parts = (path.replace(/\/+$/, '') || '/').split('/');
  for (const [pattern, page] of routes) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = want.every((seg, i) => {
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = decodeURIComponent(parts[i] ?? '');
        return Boolean(parts[i]);
      }
      return seg === parts[i];
    });
    if (ok) return { page, params };
  }
  return null;
}
