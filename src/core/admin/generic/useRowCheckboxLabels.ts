import { useEffect, type RefObject } from 'react';

/**
 * react-admin 5 gives each row's selection checkbox its `aria-label`
 * ('Select this row') as a prop MUI 9 puts on the checkbox's outer span,
 * where it is not allowed, leaving the real input without a name (axe:
 * aria-prohibited-attr, label). This moves the label onto the input, under
 * `root`, whenever rows are drawn or relabelled (language change).
 */
export function useRowCheckboxLabels(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const fix = () => {
      for (const span of el.querySelectorAll<HTMLElement>('.select-item[aria-label]')) {
        const label = span.getAttribute('aria-label') ?? '';
        span.removeAttribute('aria-label');
        span.querySelector('input')?.setAttribute('aria-label', label);
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [root]);
}
