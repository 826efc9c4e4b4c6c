import { useState } from 'react';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import { useSidebarState, useTranslate } from 'react-admin';
import { MenuItemLink } from './MenuItemLink';
import type { MenuGroup } from './buildMenu';
import { useMenuIcon } from './menuIcons';
import { categoryLabel, groupLabel } from './categoryLabel';
import { NAV_LINK_ROLE } from './navLinkRole';

function Items({ group, dense }: { group: MenuGroup; dense?: boolean }) {
  const translate = useTranslate();
  const menuIcon = useMenuIcon();
  return (
    <>
      {group.items.map((c) => (
        <li key={c._id}>
          <MenuItemLink
            to={c.path}
            role={NAV_LINK_ROLE}
            primaryText={categoryLabel(translate, c.path, c.name)}
            leftIcon={menuIcon(c.path)}
            sx={dense ? { pl: 3 } : undefined}
          />
        </li>
      ))}
    </>
  );
}

/** One section of the side menu: a titled list (General, Account) or a dropdown group. */
export function MenuGroupList({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(true);
  const label = groupLabel(translate, group.key);
  if (group.kind !== 'group') {
    return (
      <List
        dense
        disablePadding
        subheader={sidebarOpen ? <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'inherit' }}>{label}</ListSubheader> : undefined}
      >
        <Items group={group} />
      </List>
    );
  }
  return (
    <List dense disablePadding>
      <li>
        <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <FolderIcon />
          </ListItemIcon>
          <ListItemText primary={label} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List dense disablePadding>
            <Items group={group} dense={sidebarOpen} />
          </List>
        </Collapse>
      </li>
    </List>
  );
}
