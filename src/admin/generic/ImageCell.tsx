import { useRecordContext } from 'react-admin';
import { UserAvatar } from '../layout/UserAvatar';

/** A thumbnail, or the record's initials when it has no image. */
export function ImageCell({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  const src = typeof record[source] === 'string' ? (record[source] as string) : undefined;
  const name = typeof record.name === 'string' ? record.name : undefined;
  return <UserAvatar image={src} name={name} size={36} />;
}
