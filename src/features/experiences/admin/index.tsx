import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

// Own chunks: the editor carries the rich-text editor, which the rest of the admin never needs.
const ExperienceList = lazy(lazyWithTimeout(() => import('./ExperienceList')));
const ExperienceEditor = lazy(lazyWithTimeout(() => import('./ExperienceEditor')));

/** Its own list (refresh, preview, new windows) and the editor pages it opens. */
export const experiences: AdminResourceModule = {
  icon: EventIcon,
  list: ExperienceList,
  routes: [
    { path: '/experiences/new', element: <ExperienceEditor /> },
    { path: '/experiences/:id/edit', element: <ExperienceEditor /> },
  ],
};
