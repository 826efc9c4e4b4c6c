import { fieldLabel, type ResourceDef } from '../../../core/shared/resource';
import { humanize } from '../../../core/server/http/labels';
import { EMAIL_FORMAT_MESSAGE } from '../../../core/server/http/messages';
import { REFUSAL } from '../../../core/server/security/rank';
import { ACCESS_REFUSAL } from '../../../core/server/access/enforce';
import { labelIn } from './mapping';

/**
 * The write path's messages (English, as the API words them) in Greek, for
 * the errors of an import whose owner reads Greek: each message the generic
 * create and update give, with the field's Greek label where it names one.
 */
const TYPES: Record<string, string> = {
  string: 'κείμενο',
  number: 'αριθμός',
  'whole number': 'ακέραιος αριθμός',
  boolean: 'true ή false',
  array: 'λίστα',
  object: 'αντικείμενο',
};

const FIXED: Record<string, string> = {
  [EMAIL_FORMAT_MESSAGE]: 'Η τιμή δεν είναι έγκυρη διεύθυνση email',
  'You do not have permission to do this.': 'Δεν έχετε δικαίωμα γι’ αυτό.',
  'A referenced record does not exist.': 'Μια εγγραφή στην οποία παραπέμπει η γραμμή δεν υπάρχει.',
  'A value is too long.': 'Μια τιμή είναι πολύ μεγάλη.',
  'A value in the row is not valid.': 'Μια τιμή της γραμμής δεν είναι έγκυρη.',
  'A record with these values already exists.': 'Υπάρχει ήδη εγγραφή με αυτές τις τιμές.',
  'Record not found.': 'Η εγγραφή δεν βρέθηκε.',
  [REFUSAL.rank]: 'Μπορείτε να διαχειρίζεστε μόνο χρήστες με βαθμίδα κατώτερη της δικής σας.',
  [REFUSAL.selfBlock]: 'Δεν μπορείτε να αποκλείσετε τον δικό σας λογαριασμό.',
  [REFUSAL.selfDelete]: 'Δεν μπορείτε να διαγράψετε τον δικό σας λογαριασμό.',
  [REFUSAL.lastSuperadmin]: 'Ο τελευταίος ενεργός superadmin δεν μπορεί να αποκλειστεί, να διαγραφεί ή να υποβαθμιστεί.',
  [REFUSAL.grantRole]: 'Δεν μπορείτε να δώσετε ρόλο ανώτερο της βαθμίδας σας.',
  [REFUSAL.roleAbove]: 'Δεν μπορείτε να αλλάξετε ρόλο ανώτερο της βαθμίδας σας.',
  [REFUSAL.permissions]: 'Δεν μπορείτε να δώσετε δικαιώματα που δεν έχετε.',
  [REFUSAL.menuEntries]: 'Δεν μπορείτε να δώσετε στοιχεία μενού που δεν έχετε.',
  [ACCESS_REFUSAL.write]: 'Δεν μπορείτε να αλλάξετε κάποια από αυτά τα πεδία.',
  [ACCESS_REFUSAL.writeField]: 'Δεν μπορείτε να αλλάξετε αυτό το πεδίο.',
};

/** Messages that name a field (by its humanized name) and what follows. */
const PATTERNS: [RegExp, (label: string, ...rest: string[]) => string][] = [
  [/^(.+) is required$/, (l) => `Το πεδίο «${l}» είναι υποχρεωτικό`],
  [/^(.+) is already in use\.$/, (l) => `Η τιμή του πεδίου «${l}» χρησιμοποιείται ήδη.`],
  [/^(.+) must have at least (\d+) characters$/, (l, n) => `Το πεδίο «${l}» πρέπει να έχει τουλάχιστον ${n} χαρακτήρες`],
  [/^(.+) must have at most (\d+) characters$/, (l, n) => `Το πεδίο «${l}» πρέπει να έχει το πολύ ${n} χαρακτήρες`],
  [/^(.+) must be one of: (.*)$/, (l, v) => `Το πεδίο «${l}» πρέπει να είναι ένα από: ${v}`],
  [/^(.+) must be at least (.+)$/, (l, n) => `Το πεδίο «${l}» πρέπει να είναι τουλάχιστον ${n}`],
  [/^(.+) must be at most (.+)$/, (l, n) => `Το πεδίο «${l}» πρέπει να είναι το πολύ ${n}`],
  [/^(.+) must be an image uploaded to this server$/, (l) => `Το πεδίο «${l}» πρέπει να είναι εικόνα ανεβασμένη σε αυτόν τον διακομιστή`],
  [/^(.+) must be an? (.+)$/, (l, t) => `Το πεδίο «${l}» πρέπει να είναι ${TYPES[t] ?? t}`],
  [/^(.+) is not valid$/, (l) => `Το πεδίο «${l}» δεν είναι έγκυρο`],
];

/** A write-path message in the import owner's language; `field` names the field it is about, when it is. */
export function productMessage(lang: string, r: ResourceDef, message: string, field: string | null): string {
  if (lang !== 'el') return message;
  if (Object.hasOwn(FIXED, message)) return FIXED[message];
  for (const [re, make] of PATTERNS) {
    const m = re.exec(message);
    if (!m) continue;
    const [, said, ...rest] = m;
    // The field's Greek label where the message names the field it is about.
    const own = field && Object.hasOwn(r.fields, field) && said === humanize(field);
    const label = own ? (labelIn('el', fieldLabel(r.name, field, r.fields[field])) ?? said) : said;
    return make(label, ...rest);
  }
  return message;
}
