import type { Mail } from './mailer';

export type MailLang = 'en' | 'el';

/** Picks el or en from a body field or an Accept-Language header. */
export function mailLang(...hints: (string | undefined)[]): MailLang {
  for (const h of hints) {
    if (!h) continue;
    const first = h.split(',')[0].trim().toLowerCase();
    if (first.startsWith('el')) return 'el';
    if (first.startsWith('en')) return 'en';
  }
  return 'en';
}

const text = {
  en: {
    resetSubject: 'Reset your password',
    resetBody: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    approvedSubject: 'Your account has been approved',
    approvedBody: (name: string, link: string) =>
      `Hello ${name},\n\nAn administrator approved your access. You can sign in now:\n\n${link}\n`,
  },
  el: {
    resetSubject: 'Επαναφορά κωδικού πρόσβασης',
    resetBody: (name: string, link: string) =>
      `Γεια σας ${name},\n\nΖητήθηκε επαναφορά του κωδικού του λογαριασμού σας. Για να ορίσετε νέο κωδικό, ανοίξτε αυτόν τον σύνδεσμο μέσα σε μία ώρα:\n\n${link}\n\nΑν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα: ο κωδικός σας μένει ως έχει.\n`,
    approvedSubject: 'Ο λογαριασμός σας εγκρίθηκε',
    approvedBody: (name: string, link: string) =>
      `Γεια σας ${name},\n\nΈνας διαχειριστής ενέκρινε την πρόσβασή σας. Μπορείτε να συνδεθείτε τώρα:\n\n${link}\n`,
  },
};

export function resetMail(lang: MailLang, to: string, name: string, link: string): Mail {
  const t = text[lang];
  return { to, subject: t.resetSubject, text: t.resetBody(name, link) };
}

export function approvedMail(lang: MailLang, to: string, name: string, link: string): Mail {
  const t = text[lang];
  return { to, subject: t.approvedSubject, text: t.approvedBody(name, link) };
}
