import { useRecordContext } from 'react-admin';
import type { AdminFieldKind, CellProps } from '../admin/kind';
import { TextInputOf } from '../admin/TextInputOf';

/** Tags comma-joined, or a dash when there are none. */
function TagsCell({ source }: CellProps) {
  const record = useRecordContext();
  const v = record?.[source];
  return <span>{Array.isArray(v) && v.length ? v.join(', ') : '-'}</span>;
}

/** Edited as one comma-separated text: split on commas, trimmed, empties removed. */
export const tags: AdminFieldKind = {
  Input: TextInputOf,
  Cell: TagsCell,
  toForm: (v) => (Array.isArray(v) ? (v as string[]).join(', ') : v),
  toBody: (v) => ({
    keep: true,
    value: (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean),
  }),
};
