import { lazy, memo, Suspense } from 'react';
import { AppBar as MuiAppBar, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { HideOnScroll, TitlePortal } from 'react-admin';
import { SidebarToggleButton } from './SidebarToggleButton';
import { lazyWithTimeout } from '../../web/lazyWithTimeout';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// The buttons and the account menu: one lazy chunk, out of the admin's first load.
const loadButtons = () => import('./AppBarButtons');
const AppBarButtons = lazy(lazyWithTimeout(loadButtons));
const AccountMenu = lazy(lazyWithTimeout(() => loadButtons().then((m) => ({ default: m.AccountMenu }))));

// react-admin's AppBarClasses, spelled out: importing them keeps its AppBar module, default user menu included.
const AppBarClasses = { appBar: 'RaAppBar-appBar', toolbar: 'RaAppBar-toolbar', menuButton: 'RaAppBar-menuButton' } as const;

// A long title (Greek on a phone) ends in an ellipsis a little before the buttons: react-admin wraps it in an
// inline-block, which the title's own ellipsis cannot cut.
const titleFits = { mr: 1, '& .RaConfigurable-root': { display: 'inline' } };

/**
 * react-admin's Layout renders again each time the admin learns something at
 * start (its routes, a list's records): a few times before a list shows.
 * The bar's props never change, so it is drawn once;
 * what it shows still follows its own hooks.
 */
export const AppBar = memo(function AppBar() {
  // The title paints first; the buttons follow in a render of their own (useAfterFirstPaint), from their
  // chunk. They sit after the title, so nothing on screen moves when they come.
  const buttons = useAfterFirstPaint();
  const isXSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // react-admin's AppBar, element for element (classes, colour, hide on scroll), without its default
  // toolbar and user menu, which would keep the buttons' code in the first load.
  return (
    <HideOnScroll>
      <StyledAppBar className={AppBarClasses.appBar} color="secondary">
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} className={AppBarClasses.toolbar}>
          <SidebarToggleButton className={AppBarClasses.menuButton} />
          <TitlePortal sx={titleFits} />
          {buttons && (
            <Suspense fallback={null}>
              <AppBarButtons />
            </Suspense>
          )}
          {buttons && (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          )}
        </Toolbar>
      </StyledAppBar>
    </HideOnScroll>
  );
});

// react-admin's RaAppBar rules, so theme overrides of RaAppBar still apply.
const StyledAppBar = styled(MuiAppBar, { name: 'RaAppBar', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [`& .${AppBarClasses.toolbar}`]: {
    padding: `0 ${theme.spacing(1)}`,
    [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
  },
  [`& .${AppBarClasses.menuButton}`]: { marginRight: '0.2em' },
}));
