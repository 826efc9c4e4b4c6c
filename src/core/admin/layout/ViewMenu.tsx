import { ListItemButton, ListItemIcon, ListItemText, List } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import EventIcon from '@mui/icons-material/Event';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import { useTranslate } from 'react-admin';

const LINKS = [
  { href: '/', key: 'home', label: 'Home', icon: <HomeIcon /> },
  { href: '/about', key: 'about', label: 'About', icon: <InfoIcon /> },
  { href: '/events', key: 'events', label: 'Events', icon: <EventIcon /> },
  { href: '/contact', key: 'contact', label: 'Contact', icon: <ContactMailIcon /> },
];

/** 'View' mode: the public site's pages (full page loads, they live outside /admin). */
export function ViewMenu() {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {LINKS.map((l) => (
        <li key={l.href}>
          <ListItemButton component="a" href={l.href}>
            <ListItemIcon sx={{ minWidth: 40 }}>{l.icon}</ListItemIcon>
            <ListItemText primary={translate(`app.menu.${l.key}`, { _: l.label })} />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}
