import { HttpError } from '../../../core/server/http/http-error';

/** What an import says to its owner, in English and Greek: the file's problems and each row's. */
const MESSAGES = {
  en: {
    not_text: 'The file is not a CSV or JSON file: it holds binary data.',
    encoding: 'The file is not UTF-8 text (line {line}). Save it as “CSV UTF-8” and upload it again.',
    empty: 'The file holds no rows.',
    line_too_long: 'Line {line} is longer than 10 MB.',
    csv: 'The file is not valid CSV at line {line}: {reason}',
    column_count: 'Line {line} has {got} columns where the first line has {expected}.',
    json: 'The file is not valid JSON at line {line}.',
    json_row: 'Line {line} is not a JSON object: each row must be one.',
    too_large: 'The file is larger than the {limit} MB an import accepts.',
    no_file: 'Choose a CSV or JSON file to upload, in a field named “file”.',
    cut_short: 'The upload ended before the whole file arrived: send it again.',
    already_imported: 'This file was already imported on {date}. Send it again with ?confirm=true to import it once more.',
    formula: 'The value looks like a spreadsheet formula (it starts with =, +, - or @): write it without that sign.',
    not_found_ref: 'No {target} “{value}” exists.',
    ambiguous_ref: 'More than one {target} is “{value}”: give its id.',
    no_key: 'The key column “{key}” is empty.',
    no_record: 'No record has {key} “{value}”.',
    bad_key: 'The key must be “_id” or a field whose values are unique, and the file must have a column mapped to it.',
    busy: 'An import into {resource} is already running: wait for it to end, or cancel it.',
    no_longer_allowed: 'Its owner may no longer write these records here (their permission or account changed since it was started).',
    not_runnable: 'This import is running already.',
    bad_mapping: 'Column “{column}” cannot be mapped to “{field}”: that is no field one may import.',
    nothing_mapped: 'No column is mapped to a field.',
    atomic_failed: 'Nothing was imported: {failed} rows have errors.',
    cancelled: 'Cancelled.',
    unreadable: 'The file could not be read: {reason}',
    line_label: 'Line {line}:',
  },
  el: {
    not_text: 'Το αρχείο δεν είναι αρχείο CSV ή JSON: περιέχει δυαδικά δεδομένα.',
    encoding: 'Το αρχείο δεν είναι κείμενο UTF-8 (γραμμή {line}). Αποθηκεύστε το ως «CSV UTF-8» και ανεβάστε το ξανά.',
    empty: 'Το αρχείο δεν περιέχει γραμμές.',
    line_too_long: 'Η γραμμή {line} ξεπερνά τα 10 MB.',
    csv: 'Το αρχείο δεν είναι έγκυρο CSV στη γραμμή {line}: {reason}',
    column_count: 'Η γραμμή {line} έχει {got} στήλες ενώ η πρώτη γραμμή έχει {expected}.',
    json: 'Το αρχείο δεν είναι έγκυρο JSON στη γραμμή {line}.',
    json_row: 'Η γραμμή {line} δεν είναι αντικείμενο JSON: κάθε εγγραφή πρέπει να είναι.',
    too_large: 'Το αρχείο ξεπερνά τα {limit} MB που δέχεται μια εισαγωγή.',
    no_file: 'Επιλέξτε ένα αρχείο CSV ή JSON, σε πεδίο με όνομα «file».',
    cut_short: 'Η αποστολή τελείωσε πριν φτάσει ολόκληρο το αρχείο: στείλτε το ξανά.',
    already_imported: 'Αυτό το αρχείο εισήχθη ήδη στις {date}. Στείλτε το ξανά με ?confirm=true για να εισαχθεί άλλη μία φορά.',
    formula: 'Η τιμή μοιάζει με τύπο υπολογιστικού φύλλου (αρχίζει με =, +, - ή @): γράψτε την χωρίς αυτό το σύμβολο.',
    not_found_ref: 'Δεν υπάρχει {target} «{value}».',
    ambiguous_ref: 'Περισσότερα από ένα {target} είναι «{value}»: δώστε το αναγνωριστικό του.',
    no_key: 'Η στήλη-κλειδί «{key}» είναι κενή.',
    no_record: 'Καμία εγγραφή δεν έχει {key} «{value}».',
    bad_key: 'Το κλειδί πρέπει να είναι «_id» ή πεδίο με μοναδικές τιμές, και το αρχείο πρέπει να έχει στήλη αντιστοιχισμένη σε αυτό.',
    busy: 'Μια εισαγωγή στο {resource} εκτελείται ήδη: περιμένετε να τελειώσει ή ακυρώστε την.',
    no_longer_allowed:
      'Ο κάτοχός της δεν επιτρέπεται πια να γράφει αυτές τις εγγραφές εδώ (η άδεια ή ο λογαριασμός του άλλαξε αφότου ξεκίνησε).',
    not_runnable: 'Αυτή η εισαγωγή εκτελείται ήδη.',
    bad_mapping: 'Η στήλη «{column}» δεν μπορεί να αντιστοιχιστεί στο «{field}»: δεν είναι πεδίο που εισάγεται.',
    nothing_mapped: 'Καμία στήλη δεν αντιστοιχίζεται σε πεδίο.',
    atomic_failed: 'Δεν εισήχθη τίποτα: {failed} γραμμές έχουν σφάλματα.',
    cancelled: 'Ακυρώθηκε.',
    unreadable: 'Το αρχείο δεν διαβάστηκε: {reason}',
    line_label: 'Γραμμή {line}:',
  },
} as const;

export type Lang = keyof typeof MESSAGES;
export type MessageKey = keyof (typeof MESSAGES)['en'];
export type Params = Readonly<Record<string, string | number>>;

/** Picks el or en from an Accept-Language header (the first language named). */
export function langOf(header: string | undefined): Lang {
  const first = (header ?? '').split(',')[0].trim().toLowerCase();
  return first.startsWith('el') ? 'el' : 'en';
}

/** A message in the owner's language, its `{name}`s filled in. */
export function say(lang: string, key: MessageKey, params: Params = {}): string {
  const text: string = (lang === 'el' ? MESSAGES.el : MESSAGES.en)[key];
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : all));
}

/** Something wrong with the file as a whole: answered 400 (413 for its size) with the message in the caller's language. */
export class FileProblem extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Params = {},
    readonly status = 400,
  ) {
    super(key);
  }

  toHttp(lang: Lang): HttpError {
    return new HttpError(this.status, say(lang, this.key, this.params), undefined, `import_${this.key}`);
  }
}
