import { lazy, type ReactNode } from 'react';
import { lazyWithTimeout } from '../../../web/lazyWithTimeout';

/** Own chunks: the editor carries the rich-text editor, which the rest of the admin never needs. */
const ExperienceList = lazy(lazyWithTimeout(() => import('./ExperienceList')));
export const ExperienceEditor = lazy(lazyWithTimeout(() => import('./ExperienceEditor')));

/**
 * Lists that replace a generated one, keyed by resource name (the app shell
 * looks here, so no generic code names a resource).
 */
export const customLists: Readonly<Record<string, ReactNode>> = {
  experiences: <ExperienceList />,
};
