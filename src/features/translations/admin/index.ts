import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

/** The translations editor replaces a list (languages, key-value table, raw JSON). */
export const translations: AdminResourceModule = {
  icon: TranslateIcon,
  list: lazy(lazyWithTimeout(() => import('./TranslationsPage').then((m) => ({ default: m.TranslationsPage })))),
};
