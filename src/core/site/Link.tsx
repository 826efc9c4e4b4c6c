import type { MouseEvent, ReactNode } from 'react';
import { navigate } from './useLocationPath';

/** In-site links navigate without reload; /admin links load the admin chunk. */
export function Link({ to, children, className, current }: { to: string; children: ReactNode; className?: string; current?: boolean }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (to.startsWith('/admin') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
