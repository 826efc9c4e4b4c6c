import { useTranslate } from 'react-admin';

/** The element every progress indicator is named by (themes.ts sets aria-labelledby). */
export const LOADING_LABEL_ID = 'app-loading-label';

/**
 * 'Loading' in the current language, hidden: spinners and progress bars
 * (react-admin's and ours) point at it, so each has an accessible name
 * (axe: aria-progressbar-name) without every caller passing one.
 */
export function LoadingLabel() {
  const translate = useTranslate();
  return (
    <span id={LOADING_LABEL_ID} hidden>
      {translate('ra.page.loading')}
    </span>
  );
}
