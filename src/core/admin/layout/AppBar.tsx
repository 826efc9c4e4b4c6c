import { memo } from 'react';
import { Box, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, ToggleThemeButton } from 'react-admin';
import { NotificationBell } from '../../../features/notifications/admin/NotificationBell';
import { SearchButton } from '../../../features/search/admin/SearchButton';
import { AccountMenu } from './AccountMenu';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// On a phone the language button shows only its icons: its label
// ("ΕΛΛΗΝΙΚΑ") pushed over the page title. The label stays in the DOM (font
// size 0), so the button keeps its accessible name.
const compactOnPhones = (theme: Theme) => ({
  display: 'flex',
  [theme.breakpoints.down('sm')]: {
    '& .MuiButton-root': { fontSize: 0, minWidth: 0, px: 0.5 },
    '& .MuiButton-startIcon': { mr: 0 },
  },
});

// A long title (Greek on a phone) ends in an ellipsis a little before the buttons: react-admin wraps it in an
// inline-block, which the title's own ellipsis cannot cut.
const titleFits = { mr: 1, '& .RaConfigurable-root': { display: 'inline' } };

/**
 * react-admin's Layout renders again each time the admin learns something at
 * start (resources, identity, permissions): six times before a list shows.
 * The bar's props never change, so it is drawn once;
 * what it shows still follows its own hooks.
 */
export const AppBar = memo(function AppBar() {
  // The title paints first; the buttons follow in a render of their own (useAfterFirstPaint). They sit after
  // the title, so nothing on screen moves when they come.
  const buttons = useAfterFirstPaint();
  return (
    <RaAppBar
      userMenu={buttons ? <AccountMenu /> : false}
      toolbar={
        buttons ? (
          <>
            <SearchButton />
            <Box sx={compactOnPhones}>
              <LocalesMenuButton />
            </Box>
            {/* Light or dark, remembered in react-admin's store ('theme'). */}
            <ToggleThemeButton />
            <NotificationBell />
            <LoadingIndicator />
          </>
        ) : null
      }
    >
      <TitlePortal sx={titleFits} />
    </RaAppBar>
  );
});
