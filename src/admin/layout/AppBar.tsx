import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { NotificationBell } from '../notifications/NotificationBell';
import { AccountMenu } from './AccountMenu';

export function AppBar() {
  return (
    <RaAppBar userMenu={<AccountMenu />} toolbar={<><LocalesMenuButton /><NotificationBell /><LoadingIndicator /></>}>
      <TitlePortal />
    </RaAppBar>
  );
}
