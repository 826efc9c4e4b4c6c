import type { AdminFieldKind } from './kind';

export const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** A populated record (`{_id}` or `{id}`) as its id; anything else as it is. */
export function idOf(v: unknown): unknown {
  if (v && typeof v === 'object' && '_id' in v) return (v as { _id: unknown })._id;
  if (v && typeof v === 'object' && 'id' in v) return (v as { id: unknown }).id;
  return v;
}

/** Text: creating, an empty optional value is simply absent; updating, '' clears it. */
export const textBody: AdminFieldKind['toBody'] = (v, creating) => {
  if (isBlank(v)) return creating ? { keep: false } : { keep: true, value: '' };
  return { keep: true, value: typeof v === 'string' ? v.trim() : v };
};
