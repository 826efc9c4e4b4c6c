import { forwardRef, type ReactNode } from 'react';
import { Box, Divider, ListItemIcon, ListItemText, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useGetIdentity, useLogout, useTranslate, UserMenu, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from './UserAvatar';
import { setFlash } from '../../web/flash';

interface ItemProps {
  icon: ReactNode;
  label: string;
  onSelect: () => void;
}

/** One entry of the account menu: closes the menu, then acts. */
const AccountItem = forwardRef<HTMLLIElement, ItemProps>(function AccountItem({ icon, label, onSelect }, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        onSelect();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});

const EditProfileItem = forwardRef<HTMLLIElement>(function EditProfileItem(_, ref) {
  const navigate = useNavigate();
  return (
    <AccountItem
      ref={ref}
      icon={<EditIcon fontSize="small" />}
      label="app.account.edit_profile"
      onSelect={() => navigate('/account/profile')}
    />
  );
});

const LogoutItem = forwardRef<HTMLLIElement>(function LogoutItem(_, ref) {
  const logout = useLogout();
  return (
    <AccountItem
      ref={ref}
      icon={<LogoutIcon fontSize="small" />}
      label="app.account.logout"
      // The sign-in screen is a fresh page load (auth/SignInGate.tsx): it says 'Logged out successfully.'
      onSelect={() => {
        setFlash({ message: 'app.auth.logged_out', type: 'success' });
        void logout();
      }}
    />
  );
});

/** The account box: name, avatar or initials, Edit Profile, Logout. */
export function AccountMenu() {
  const { identity, isPending } = useGetIdentity();
  const name = identity?.fullName;
  const email = typeof identity?.email === 'string' ? identity.email : undefined;
  // Wide, react-admin's button shows the name beside the avatar: given no label (its aria-label stays empty), the
  // button is named by that text alone, the initials being decoration (a name must contain the visible text: axe's
  // label-content-name-mismatch). On a phone only the avatar shows, and the name is its label.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  // Until the identity is known, react-admin's UserMenu draws an icon button in a tooltip; then, wide, a button with
  // the name: another element, so a keyboard focus on the first would fall to the page when it is replaced. Nothing
  // until then (AdminRoot puts the stored identity in the cache before the first render, so usually never).
  if (isPending) return null;
  return (
    <UserMenu
      icon={<UserAvatar name={name} image={identity?.avatar} email={email} decorative />}
      label={wide && name ? '' : (name ?? 'ra.auth.user_menu')}
    >
      <Box sx={{ px: 2, py: 1, display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid="account-box">
        <UserAvatar name={name} image={identity?.avatar} email={email} size={40} />
        <Box>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {email}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <EditProfileItem />
      <LogoutItem />
    </UserMenu>
  );
}
