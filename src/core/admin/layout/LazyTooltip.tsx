import { cloneElement, useEffect, useState, useSyncExternalStore, type FocusEvent, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

type TooltipComponent = typeof import('@mui/material/Tooltip').default;

let Loaded: TooltipComponent | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('@mui/material/Tooltip').then(
    (m) => {
      Loaded = m.default;
      for (const l of listeners) l();
    },
    () => {
      // A failed fetch is tried again by the next tooltip to mount; meanwhile the child shows alone.
      loading = null;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loaded = () => Loaded !== null;

/**
 * MUI's Tooltip, fetched after the first paint: a tooltip only shows on
 * hover or focus, yet MUI's with Popper.js was 12 kB of the admin's first
 * load (the side menu and the app bar's menu button use it). Until it
 * arrives the child renders alone, with the accessible name the tooltip
 * would give it (MUI sets `aria-label` from a string title), so nothing on
 * screen or in the accessibility tree changes when it comes. Wrapping the
 * child in it makes the child a new element: one with the keyboard's focus
 * on it stays as it is until the focus leaves, so the focus is never lost.
 */
export function LazyTooltip(props: TooltipProps) {
  const ready = useSyncExternalStore(subscribe, loaded, loaded);
  const [focused, setFocused] = useState(false);
  useEffect(load, []);
  if (ready && Loaded && !focused) return <Loaded {...props} />;
  type ChildProps = {
    'aria-label'?: string;
    className?: string;
    onFocus?: (e: FocusEvent) => void;
    onBlur?: (e: FocusEvent) => void;
  };
  // What MUI's Tooltip gives its child when closed: the title as its name, the tooltip's className.
  const child = props.children as ReactElement<ChildProps>;
  const named = typeof props.title === 'string' && !props.describeChild && child.props['aria-label'] === undefined;
  const className = [props.className, child.props.className].filter(Boolean).join(' ') || undefined;
  return cloneElement(child, {
    className,
    ...(named ? { 'aria-label': props.title as string } : {}),
    onFocus: (e: FocusEvent) => {
      setFocused(true);
      child.props.onFocus?.(e);
    },
    onBlur: (e: FocusEvent) => {
      // The window losing the focus (another app, another tab) blurs the child too, and the browser gives it the
      // focus back on return: it must still be there then.
      if (document.hasFocus()) setFocused(false);
      child.props.onBlur?.(e);
    },
  });
}
