/** A value of a diff as one short line of text: a record by its label, a list joined, long text cut. */
const MAX = 160;

const cut = (s: string) => (s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s);
/** A moment as the API writes it (an invite's expiry, a record's dates): shown in the interface's date-time format. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function formatValue(v: unknown, empty: string, yesNo: (b: boolean) => string, moment: (iso: string) => string = (x) => x): string {
  if (v === null || v === undefined || v === '') return empty;
  if (typeof v === 'boolean') return yesNo(v);
  if (typeof v === 'string' && ISO_MOMENT.test(v)) return moment(v) || v;
  if (typeof v === 'string' || typeof v === 'number') return cut(String(v));
  if (Array.isArray(v)) return v.length ? cut(v.map((x) => formatValue(x, empty, yesNo, moment)).join(', ')) : empty;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // A record as its API shows it: its readable values, its id when it has nothing else.
    const shown = Object.entries(o)
      .filter(([k, x]) => k !== '_id' && (typeof x === 'string' || typeof x === 'number') && x !== '')
      .map(([, x]) => String(x));
    if (shown.length) return cut(shown.join(' · '));
    if (typeof o._id === 'string') return o._id;
    return cut(JSON.stringify(o));
  }
  return cut(String(v));
}
