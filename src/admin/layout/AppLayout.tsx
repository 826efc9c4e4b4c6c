import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { RequireSession } from '../auth/RequireSession';
import { useSidebarMemory } from './useSidebarMemory';

function Remembered({ children }: { children: ReactNode }) {
  useSidebarMemory();
  return <>{children}</>;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <Layout appBar={AppBar} menu={AppMenu}>
        <Remembered>
          <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
            <Box sx={{ flex: 1 }}>{children}</Box>
            <Footer />
          </Box>
        </Remembered>
      </Layout>
    </RequireSession>
  );
}
