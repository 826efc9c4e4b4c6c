import { DashboardMenuItem, Menu, usePermissions } from 'react-admin';
import type { Category } from '../providers/categories';
import { buildMenu } from './buildMenu';
import { MenuGroupList } from './MenuGroupList';
import { MenuModeSwitch } from './MenuModeSwitch';
import { ViewMenu } from './ViewMenu';
import { useMenuMode } from './useMenuMode';

/** react-admin's Menu is a MUI MenuList, which MUI 9 requires around every MenuItem. */
export function AppMenu() {
  const [mode, setMode] = useMenuMode();
  const { permissions } = usePermissions<Category[]>();
  const groups = buildMenu(permissions ?? []);
  return (
    <Menu data-testid="side-menu">
      <MenuModeSwitch mode={mode} onChange={setMode} />
      {mode === 'view' ? (
        <ViewMenu />
      ) : (
        [<DashboardMenuItem key="dashboard" />, ...groups.map((g) => <MenuGroupList key={g.key} group={g} />)]
      )}
    </Menu>
  );
}
