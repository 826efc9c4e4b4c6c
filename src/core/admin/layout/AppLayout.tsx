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
          {/* The footer starts just below the fold (the app bar is at least 48 px high): a screen's records arriving
              then move nothing in view. At the window's bottom, it was pushed down by every list's first page. */}
          <Box sx={{ minHeight: 'calc(100dvh - 48px)' }}>{children}</Box>
          <Footer />
        </Remembered>
      </FrameLayout>
    </RequireSession>
  );
}
