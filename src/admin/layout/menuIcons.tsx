import type { ReactElement } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import SecurityIcon from '@mui/icons-material/Security';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import ListIcon from '@mui/icons-material/List';
import BadgeIcon from '@mui/icons-material/Badge';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MailIcon from '@mui/icons-material/Mail';
import TranslateIcon from '@mui/icons-material/Translate';
import EventIcon from '@mui/icons-material/Event';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import LabelIcon from '@mui/icons-material/Label';

const ICONS: Record<string, ReactElement> = {
  '/users': <PeopleIcon />,
  '/user-profiles': <ContactPageIcon />,
  '/roles': <SecurityIcon />,
  '/permissions': <VpnKeyIcon />,
  '/client-permissions': <ListIcon />,
  '/user-roles': <BadgeIcon />,
  '/account/profile': <AccountCircleIcon />,
  '/invites': <MailIcon />,
  '/translations': <TranslateIcon />,
  '/experiences': <EventIcon />,
};

/** Icon of a menu path; unknown paths (new client permissions) get a neutral one. */
export function menuIcon(path: string): ReactElement {
  return ICONS[path] ?? <LabelIcon />;
}
