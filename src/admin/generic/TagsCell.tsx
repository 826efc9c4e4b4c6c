import { useRecordContext } from 'react-admin';

/** Tags comma-joined, or a dash when there are none. */
export function TagsCell({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const v = record?.[source];
  return <span>{Array.isArray(v) && v.length ? v.join(', ') : '-'}</span>;
}
