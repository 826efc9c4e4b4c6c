import { usePersistentState } from './usePersistentState';

export type MenuMode = 'view' | 'admin';
export const MENU_MODE_KEY = 'menuMode';

export function useMenuMode(): [MenuMode, (m: MenuMode) => void] {
  return usePersistentState<MenuMode>(MENU_MODE_KEY, () => 'admin');
}
