import { useEffect, useRef } from 'react';
import { useSidebarState } from 'react-admin';

export const SIDEBAR_KEY = 'sidebarOpen';
/** The menu starts expanded on windows at least this wide. */
export const SIDEBAR_AUTO_OPEN_PX = 1080;

/** Keeps react-admin's sidebar state in our own key and picks the width-based default once. */
export function useSidebarMemory(): void {
  const [open, setOpen] = useSidebarState();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = localStorage.getItem(SIDEBAR_KEY);
    setOpen(saved === null ? window.innerWidth >= SIDEBAR_AUTO_OPEN_PX : saved === 'true');
  }, [setOpen]);
  useEffect(() => {
    if (restored.current) localStorage.setItem(SIDEBAR_KEY, String(open));
  }, [open]);
}
