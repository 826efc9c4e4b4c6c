import { useGetIdentity, type Identifier } from 'react-admin';
import { UserSessions } from '../../sessions/admin/UserSessions';
import UserApiTokens from '../../api-tokens/admin/UserApiTokens';
import { ResetTwoFactor } from './ResetTwoFactor';

/**
 * Under a user's edit form: their sessions, their API tokens and the two-factor reset. No reset on one's own
 * record: the server refuses it (one's own second factor goes off on the profile, with the password and a code).
 * Loaded with the edit form, not with the admin (`LazyUserSecurityPanel`).
 */
export default function UserSecurityPanel({ id }: { id: Identifier }) {
  const { identity } = useGetIdentity();
  return (
    <>
      <UserSessions id={id} />
      <UserApiTokens id={id} />
      {identity && String(identity.id) !== String(id) && <ResetTwoFactor id={id} />}
    </>
  );
}
