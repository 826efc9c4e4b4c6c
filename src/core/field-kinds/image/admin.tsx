import { useRecordContext } from 'react-admin';
import { UserAvatar } from '../../admin/layout/UserAvatar';
import type { AdminFieldKind, CellProps } from '../admin/kind';
import { TextInputOf } from '../admin/TextInputOf';
import { textBody } from '../admin/values';

/** A thumbnail, or the record's initials when it has no image. */
export function ImageCell({ source }: CellProps) {
  const record = useRecordContext();
  if (!record) return null;
  const src = typeof record[source] === 'string' ? (record[source] as string) : undefined;
  const name = typeof record.name === 'string' ? record.name : undefined;
  return <UserAvatar image={src} name={name} size={36} />;
}

/** The URL path of an uploaded image (the profile page uploads; generated forms edit the path). */
export const image: AdminFieldKind = {
  Input: TextInputOf,
  Cell: ImageCell,
  toBody: textBody,
};
