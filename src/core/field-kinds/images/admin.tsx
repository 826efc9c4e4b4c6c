import { useRecordContext } from 'react-admin';
import { UserAvatar } from '../../admin/layout/UserAvatar';
import type { AdminFieldKind, CellProps } from '../admin/kind';

/** The first picture's thumbnail, or the record's initials. */
function ImagesCell({ source }: CellProps) {
  const record = useRecordContext();
  if (!record) return null;
  const first = Array.isArray(record[source]) ? (record[source] as { thumbUrl?: string }[])[0] : undefined;
  const name = typeof record.name === 'string' ? record.name : typeof record.title === 'string' ? record.title : undefined;
  return <UserAvatar image={first?.thumbUrl} name={name} size={36} />;
}

/** Pictures are edited by a resource's own editor (operations with image data), not by generated forms. */
export const images: AdminFieldKind = {
  Cell: ImagesCell,
  toBody: (v) => ({ keep: Array.isArray(v), value: v }),
};
