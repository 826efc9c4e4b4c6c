import type { Identifier } from 'react-admin';
import { UserSessions } from '../sessions/UserSessions';
import { ResetTwoFactor } from './ResetTwoFactor';

/** Under a user's edit form: their sessions and the two-factor reset. */
export function UserSecurityPanel({ id }: { id: Identifier }) {
  return (
    <>
      <UserSessions id={id} />
      <ResetTwoFactor id={id} />
    </>
  );
}
