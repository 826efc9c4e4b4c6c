import { Box, type Theme } from '@mui/material';
import { LoadingIndicator, LocalesMenuButton, ToggleThemeButton } from 'react-admin';
import { NotificationBell } from '../../../features/notifications/admin/NotificationBell';
import { SearchButton } from '../../../features/search/admin/SearchButton';

export { AccountMenu } from './AccountMenu';

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

/**
 * The app bar's buttons after the title: a lazy chunk of their own (the
 * bell's popover and event stream, the menus), which the bar renders only
 * after its first paint anyway (src/core/admin/layout/AppBar.tsx).
 */
export default function AppBarButtons() {
  return (
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
  );
}
