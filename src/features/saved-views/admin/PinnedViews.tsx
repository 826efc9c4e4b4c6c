import { List, ListSubheader } from '@mui/material';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import { useQuery } from '@tanstack/react-query';
import { useSidebarState, useTranslate } from 'react-admin';
import { MenuItemLink } from '../../../core/admin/layout/MenuItemLink';
import { NAV_LINK_ROLE } from '../../../core/admin/layout/navLinkRole';
import { useAfterFirstPaint } from '../../../core/admin/layout/useAfterFirstPaint';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { VIEW_PARAM } from '../contract';
import { PINNED_KEY, loadPinnedViews } from './viewsApi';

/** The side menu's "Views": pinned views the user sees, each opening its list with the view applied. */
export function PinnedViews() {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const { resources } = useAdminResources();
  // After the menu's first paint: the menu itself never waits for views.
  const ready = useAfterFirstPaint();
  const { data = [] } = useQuery({ queryKey: PINNED_KEY, queryFn: loadPinnedViews, enabled: ready, retry: false });
  const shown = data.flatMap((v) => {
    const r = resources.find(v.resource);
    return r ? [{ view: v, to: `${r.path}?${new URLSearchParams({ [VIEW_PARAM]: v._id })}`, list: r.name }] : [];
  });
  if (!shown.length) return null;
  const title = translate('app.views.menu_group');
  return (
    <List
      dense
      disablePadding
      aria-label={title}
      data-testid="pinned-views"
      subheader={sidebarOpen ? <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'inherit' }}>{title}</ListSubheader> : undefined}
    >
      {shown.map(({ view, to, list }) => (
        <li key={view._id}>
          <MenuItemLink
            to={to}
            role={NAV_LINK_ROLE}
            primaryText={view.name}
            title={`${translate(`resources.${list}.name`, { smart_count: 2, _: list })}: ${view.name}`}
            leftIcon={<BookmarkIcon />}
          />
        </li>
      ))}
    </List>
  );
}
