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
          <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
            <Box sx={{ flex: 1 }}>{children}</Box>
            <Footer />
          </Box>
        </Remembered>
      </FrameLayout>
    </RequireSession>
  );
}
