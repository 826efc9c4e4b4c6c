import { useGetIdentity, type Identifier } from 'react-admin';
import { UserSessions } from '../../sessions/admin/UserSessions';
import { ResetTwoFactor } from './ResetTwoFactor';

/**
 * Under a user's edit form: their sessions and the two-factor reset. No reset on one's own record: the server
 * refuses it (one's own second factor goes off on the profile, with the password and a code).
 */
export function UserSecurityPanel({ id }: { id: Identifier }) {
  const { identity } = useGetIdentity();
  return (
    <>
      <UserSessions id={id} />
      {identity && String(identity.id) !== String(id) && <ResetTwoFactor id={id} />}
    </>
  );
}
