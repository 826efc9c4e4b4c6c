import { forwardRef, useCallback, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { ListItemIcon, MenuItem, Typography, useMediaQuery, type MenuItemProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { LinkBase, useBasename, useMatch, useSidebarState, useTranslate } from 'react-admin';
import type { To } from 'react-router-dom';
import { LazyTooltip } from './LazyTooltip';

const PREFIX = 'RaMenuItemLink';
const classes = { root: `${PREFIX}-root`, active: `${PREFIX}-active`, icon: `${PREFIX}-icon` } as const;

export interface MenuItemLinkProps extends Omit<MenuItemProps<'li'>, 'children'> {
  to: To;
  primaryText?: ReactNode;
  leftIcon?: ReactElement;
  children?: ReactNode;
}

const LinkRef = forwardRef<HTMLAnchorElement, { to: To }>(function LinkRef(props, ref) {
  return <LinkBase ref={ref} {...props} />;
});

/**
 * react-admin's MenuItemLink (same classes, look and behaviour: the active
 * entry, closing the menu after a tap on smaller screens, the label as a
 * tooltip while the sidebar is folded), with that tooltip fetched after the
 * first paint, and without keyboard shortcuts, which this menu never sets
 * (react-hotkeys-hook left the first load with them).
 */
export const MenuItemLink = forwardRef<HTMLLIElement, MenuItemLinkProps>(function MenuItemLink(
  { className, primaryText, leftIcon, onClick, children, to, ...rest },
  ref,
) {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const basename = useBasename();
  const [open, setOpen] = useSidebarState();
  const handleMenuTap = useCallback(
    (e: MouseEvent<HTMLLIElement>) => {
      if (isSmall) setOpen(false);
      onClick?.(e);
    },
    [setOpen, isSmall, onClick],
  );
  const path = (typeof to === 'string' ? to : to.pathname) || '';
  const match = useMatch({ path, end: path === `${basename}/` });
  const label = typeof primaryText === 'string' ? translate(primaryText, { _: primaryText }) : primaryText;
  const item = (
    <StyledMenuItem
      className={[className, classes.root, match ? classes.active : ''].filter(Boolean).join(' ')}
      component={LinkRef}
      ref={ref}
      tabIndex={0}
      {...rest}
      to={to}
      onClick={handleMenuTap}
    >
      {leftIcon && <ListItemIcon className={classes.icon}>{leftIcon}</ListItemIcon>}
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {children ?? label}
      </Typography>
    </StyledMenuItem>
  );
  return open ? (
    item
  ) : (
    <LazyTooltip title={label} placement="right">
      {item}
    </LazyTooltip>
  );
});

/** react-admin's DashboardMenuItem, on the MenuItemLink above. */
export function DashboardMenuItem(props: Omit<MenuItemLinkProps, 'to'> & { to?: To }) {
  const basename = useBasename();
  const { leftIcon = <DashboardIcon />, to = `${basename}/`, primaryText = 'ra.page.dashboard', ...rest } = props;
  return <MenuItemLink leftIcon={leftIcon} to={to} primaryText={primaryText} {...rest} />;
}

const StyledMenuItem = styled(MenuItem, { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  color: (theme.vars || theme).palette.text.secondary,
  [`&.${classes.active}`]: { color: (theme.vars || theme).palette.text.primary },
  [`& .${classes.icon}`]: { color: (theme.vars || theme).palette.text.secondary, minWidth: theme.spacing(5) },
  [`.MuiList-dense > & > .${classes.icon}`]: { minWidth: theme.spacing(3.5) },
})) as typeof MenuItem;
