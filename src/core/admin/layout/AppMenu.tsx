import { usePermissions, useTranslate } from 'react-admin';
import { DashboardMenuItem } from './MenuItemLink';
import { SideMenu } from './SideMenu';
import type { AdminPermissions } from '../providers/permissions';
import { buildMenu } from './buildMenu';
import { MenuGroupList } from './MenuGroupList';
import { MenuModeSwitch } from './MenuModeSwitch';
import { ViewMenu } from './ViewMenu';
import { useMenuMode } from './useMenuMode';
import { NAV_LINK_ROLE } from './navLinkRole';
import { PinnedViews } from '../../../features/saved-views/admin/PinnedViews';

/**
 * The side menu is site navigation, not an application menu: react-admin's
 * Menu (here SideMenu, its copy; a MUI MenuList, which keeps its sidebar widths) is rendered as a
 * <nav> without role="menu", its entries are links inside lists of <li>
 * (axe: aria-required-parent/children, list).
 */
export function AppMenu() {
  const translate = useTranslate();
  const [mode, setMode] = useMenuMode();
  const { permissions } = usePermissions<AdminPermissions>();
  const groups = buildMenu(permissions?.categories ?? []);
  return (
    <SideMenu data-testid="side-menu" component="nav" role={undefined} aria-label={translate('app.menu.label', { _: 'Main menu' })}>
      <MenuModeSwitch mode={mode} onChange={setMode} />
      {mode === 'view' ? (
        <ViewMenu />
      ) : (
        [
          <DashboardMenuItem key="dashboard" role={NAV_LINK_ROLE} />,
          ...groups.filter((g) => g.kind !== 'account').map((g) => <MenuGroupList key={g.key} group={g} />),
          // Pinned saved views come before Account, which stays last.
          <PinnedViews key="pinned-views" />,
          ...groups.filter((g) => g.kind === 'account').map((g) => <MenuGroupList key={g.key} group={g} />),
        ]
      )}
    </SideMenu>
  );
}
