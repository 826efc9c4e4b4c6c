import type { ElementType, ReactNode } from 'react';
import { MenuList } from '@mui/material';
import { styled } from '@mui/material/styles';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, useSidebarState } from 'react-admin';

const PREFIX = 'RaMenu';
const classes = { open: `${PREFIX}-open`, closed: `${PREFIX}-closed` } as const;

/**
 * react-admin's Menu (same classes and widths) for the entries given as
 * children: its own module also sets Menu.Item and kin at load time, which
 * kept react-admin's MenuItemLink, with MUI's Tooltip, in the first load.
 */
interface SideMenuProps {
  children: ReactNode;
  className?: string;
  component?: ElementType;
  role?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function SideMenu({ children, className, ...rest }: SideMenuProps) {
  const [open] = useSidebarState();
  return (
    <Root className={[open ? classes.open : classes.closed, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Root>
  );
}

type SidebarSizes = { sidebar?: { width?: number; closedWidth?: number } };

const Root = styled(MenuList, { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  [theme.breakpoints.only('xs')]: { marginTop: 0 },
  transition: theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  }),
  [`&.${classes.open}`]: { width: (theme as SidebarSizes).sidebar?.width ?? DRAWER_WIDTH },
  [`&.${classes.closed}`]: { width: (theme as SidebarSizes).sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH },
})) as typeof MenuList;
