import { forwardRef } from 'react';
import { Box, Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useGetIdentity, useLogout, useNotify, useTranslate, UserMenu, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from './UserAvatar';

const EditProfileItem = forwardRef<HTMLLIElement>(function EditProfileItem(_, ref) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        navigate('/account/profile');
      }}
    >
      <ListItemIcon>
        <EditIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.account.edit_profile')}</ListItemText>
    </MenuItem>
  );
});

const LogoutItem = forwardRef<HTMLLIElement>(function LogoutItem(_, ref) {
  const translate = useTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        void logout().then(() => notify('app.auth.logged_out', { type: 'success' }));
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.account.logout')}</ListItemText>
    </MenuItem>
  );
});

/** The account box of SPEC 2: name, avatar or initials, Edit Profile, Logout. */
export function AccountMenu() {
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  const email = typeof identity?.email === 'string' ? identity.email : undefined;
  return (
    <UserMenu
      icon={<UserAvatar name={name} image={identity?.avatar} email={email} />}
      label={name ?? 'Account'}
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
