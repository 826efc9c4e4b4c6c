import { Box } from '@mui/material';
import { DashboardMenuItem, usePermissions } from 'react-admin';
import type { Category } from '../providers/categories';
import { buildMenu } from './buildMenu';
import { MenuGroupList } from './MenuGroupList';
import { MenuModeSwitch } from './MenuModeSwitch';
import { ViewMenu } from './ViewMenu';
import { useMenuMode } from './useMenuMode';

export function AppMenu() {
  const [mode, setMode] = useMenuMode();
  const { permissions } = usePermissions<Category[]>();
  const groups = buildMenu(permissions ?? []);
  return (
    <Box component="nav" sx={{ pb: 2 }} data-testid="side-menu">
      <MenuModeSwitch mode={mode} onChange={setMode} />
      {mode === 'view' ? (
        <ViewMenu />
      ) : (
        <>
          <DashboardMenuItem />
          {groups.map((g) => (
            <MenuGroupList key={g.key} group={g} />
          ))}
        </>
      )}
    </Box>
  );
}
