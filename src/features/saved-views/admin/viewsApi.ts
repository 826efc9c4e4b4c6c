import { call } from '../../../core/admin/api/http';
import type { BodyOf } from '../../../core/shared/api/operation';
import { VIEWS_ROUTE, createView, deleteView, listViews, updateView, type SavedView } from '../contract';

export type { SavedView };
export type NewView = BodyOf<typeof createView>;
export type ViewChange = BodyOf<typeof updateView>;

/** react-query keys: every views query starts so, and one change refreshes them all (the list's control and the menu). */
export const VIEWS_KEY = ['app', 'saved-views'] as const;
export const viewsKey = (resource: string) => [...VIEWS_KEY, resource];
export const PINNED_KEY = [...VIEWS_KEY, '*pinned'];

export const loadViews = async (resource: string) => (await call(listViews, `${VIEWS_ROUTE}?${new URLSearchParams({ resource })}`)).data;
export const loadPinnedViews = async () => (await call(listViews, `${VIEWS_ROUTE}?pinned=true`)).data;
export const saveView = (body: NewView) => call(createView, VIEWS_ROUTE, { method: 'POST', body });
export const changeView = (id: string, body: ViewChange) => call(updateView, `${VIEWS_ROUTE}/${id}`, { method: 'PUT', body });
export const removeView = (id: string) => call(deleteView, `${VIEWS_ROUTE}/${id}`, { method: 'DELETE' });
