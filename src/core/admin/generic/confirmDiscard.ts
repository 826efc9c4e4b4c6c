import type { TranslateFunction } from 'react-admin';

/** Asks, in react-admin's own words, whether unsaved changes may be dropped. */
export function confirmDiscard(translate: TranslateFunction): boolean {
  return window.confirm(translate('ra.message.unsaved_changes'));
}
