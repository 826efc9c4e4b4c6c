import type { Language } from './language';

/**
 * The texts of the last-resort error screen. Built in rather than read from
 * /locales because this screen shows exactly when loading things failed.
 * The same texts live under app.error.* for the screens that can translate.
 */
export const ERROR_TEXTS: Record<
  Language,
  { title: string; frontend: string; goBack: string; clearStorage: string; unexpected: string; router: string }
> = {
  en: {
    title: 'Something went wrong',
    frontend: 'Go to the website',
    goBack: 'Go Back',
    clearStorage: 'Clear Local Storage and Go Back',
    unexpected: 'An unexpected error occurred.',
    router: 'Unexpected Application Error!',
  },
  el: {
    title: 'Κάτι πήγε στραβά',
    frontend: 'Μετάβαση στον ιστότοπο',
    goBack: 'Επιστροφή',
    clearStorage: 'Εκκαθάριση τοπικής αποθήκευσης και επιστροφή',
    unexpected: 'Παρουσιάστηκε απρόσμενο σφάλμα.',
    router: 'Απρόσμενο σφάλμα εφαρμογής!',
  },
};
