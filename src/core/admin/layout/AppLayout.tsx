import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { RequireSession } from '../auth/RequireSession';
import { useSidebarMemory } from './useSidebarMemory';
import { ErrorPage } from '../screens/ErrorPage';
import { FrameLayout } from './FrameLayout';

function Remembered({ children }: { children: ReactNode }) {
  useSidebarMemory();
  return <>{children}</>;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      {/* Errors inside a screen (a failed or timed-out chunk too) show the error screen. */}
      <FrameLayout appBar={AppBar} menu={AppMenu} error={ErrorPage}>
        <Remembered>
          {/* The footer starts just below the fold (FrameLayout leaves the app bar at least spacing(6) at the top): a
              screen's records arriving then move nothing in view. At the window's bottom, every list's first page
              pushed it down through the view. */}
          <Box sx={{ minHeight: (theme) => `calc(100dvh - ${theme.spacing(6)})` }}>{children}</Box>
          <Footer />
        </Remembered>
      </FrameLayout>
    </RequireSession>
  );
}
