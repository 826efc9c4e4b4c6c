import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useListContext, useNotify, useStore, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../../core/shared/resource';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import { VIEW_PARAM } from '../contract';
import { availableKey, columnIndexes, columnsKey, omitKey, paramsOf, searchOf, type StoredColumn } from './listState';
import { VIEWS_KEY, changeView, loadViews, viewsKey, type SavedView } from './viewsApi';
import type { DialogMode } from './ViewDialog';

// Its own chunk: the save, edit and delete dialogs load when first opened.
const ViewDialog = lazy(lazyWithTimeout(() => import('./ViewDialog')));

/** "Views" on a generated list: apply a saved view, save the list as one, update, edit or delete one's own. */
export function ViewsButton({ def, preferenceKey }: { def: ResourceDef; preferenceKey: string }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.views.${k}`, o);
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const list = useListContext();
  const [shown, setShown] = useStore<string[] | undefined>(columnsKey(preferenceKey));
  const [available] = useStore<StoredColumn[]>(availableKey(preferenceKey), []);
  const [omit] = useStore<string[] | undefined>(omitKey(preferenceKey));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const wanted = search.get(VIEW_PARAM);
  const {
    data: views = [],
    isSuccess,
    isError,
  } = useQuery({
    queryKey: viewsKey(def.name),
    queryFn: () => loadViews(def.name),
    // Fetched when the menu opens, or at once for a link that names a view.
    enabled: Boolean(anchor) || Boolean(wanted),
    retry: false,
  });
  const current = views.find((v) => v._id === currentId && v.mine) ?? null;

  const label = (field: string) => translate(`resources.${def.name}.fields.${field}`, { _: field });
  /** Sets the list's address, its table's columns, and says what was left out. */
  const show = (view: SavedView, replace = false) => {
    if (view.params.columns && available.length) setShown(columnIndexes(view.params.columns, available));
    navigate({ pathname: location.pathname, search: searchOf(view.params) }, { replace });
    // Keys with their values (not translated text): a text holding ':' would read as a namespace.
    if (view.dropped.length) notify('app.views.dropped', { type: 'warning', messageArgs: { fields: view.dropped.map(label).join(', ') } });
    else notify('app.views.applied', { type: 'info', messageArgs: { name: view.name } });
  };
  const apply = (view: SavedView) => {
    setCurrentId(view._id);
    show(view);
  };

  // A link naming a view (a pinned view in the menu): once the views are in, it becomes the current view
  // (state adjusted while rendering, not in an effect) ...
  const [handled, setHandled] = useState<string | null>(null);
  if (wanted && isSuccess && handled !== wanted) {
    setHandled(wanted);
    setCurrentId(views.some((v) => v._id === wanted) ? wanted : null);
  }

  // ... and is shown, the parameter leaving the address.
  useEffect(() => {
    if (!wanted || !isSuccess) return;
    const view = views.find((v) => v._id === wanted);
    if (view) show(view, true);
    else {
      notify('app.views.not_found', { type: 'warning' });
      setSearch(
        (p) => {
          p.delete(VIEW_PARAM);
          return p;
        },
        { replace: true },
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per view named in the address
  }, [wanted, isSuccess]);

  const params = () => paramsOf(list, shown, available, omit);
  const refresh = () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY });
  const close = () => setAnchor(null);
  const open = (mode: DialogMode) => {
    close();
    setDialog(mode);
  };
  const updateCurrent = async () => {
    close();
    if (!current) return;
    try {
      await changeView(current._id, { params: params() });
      notify('app.views.updated', { type: 'success', messageArgs: { name: current.name } });
      await refresh();
    } catch {
      notify('app.views.failed', { type: 'error' });
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<BookmarksIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'saved-views-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="views-button"
      >
        {t('button')}
      </Button>
      <Menu
        id="saved-views-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-label': t('menu_label') }, paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } } }}
      >
        <MenuItem onClick={() => open('save')}>{t('save')}</MenuItem>
        <Divider />
        {views.length === 0 && <MenuItem disabled>{isError ? t('failed') : isSuccess ? t('none') : t('loading')}</MenuItem>}
        {views.map((v) => (
          <MenuItem
            key={v._id}
            selected={v._id === currentId}
            onClick={() => {
              close();
              apply(v);
            }}
          >
            <ListItemIcon>{v.mine ? <PersonIcon fontSize="small" /> : <GroupIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={v.name}
              secondary={v.mine ? t(`mine_${v.shared}`) : t('shared_by', { name: v.ownerName ?? '?' })}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </MenuItem>
        ))}
        {current && <Divider />}
        {current && <MenuItem onClick={updateCurrent}>{t('update', { name: current.name })}</MenuItem>}
        {current && <MenuItem onClick={() => open('edit')}>{t('edit', { name: current.name })}</MenuItem>}
        {current && <MenuItem onClick={() => open('delete')}>{t('delete', { name: current.name })}</MenuItem>}
      </Menu>
      {dialog && (
        <Suspense fallback={null}>
          <ViewDialog
            mode={dialog}
            def={def}
            view={dialog === 'save' ? null : current}
            params={params()}
            onClose={() => setDialog(null)}
            onDone={(saved) => {
              setDialog(null);
              setCurrentId(saved?._id ?? null);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
