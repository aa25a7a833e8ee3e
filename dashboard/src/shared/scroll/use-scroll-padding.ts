import { useEffect, type RefObject } from 'react';

/**
 * While `bar` is shown fixed over one edge of the page, the page's scroll padding on that
 * edge is the bar's height: whatever takes focus (Tab, a link to a section) is scrolled into
 * view clear of it, never beneath it (WCAG 2.4.11). The height is also `--fixed-top` or
 * `--fixed-bottom` on the root, for what else is fixed to that edge (toasts) to stand clear.
 */
export function useScrollPadding(
  bar: RefObject<HTMLElement | null>,
  edge: 'top' | 'bottom',
  shown: boolean,
): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const variable = `--fixed-${edge}`;
    // offsetHeight is 0 while the bar is not displayed (the compact bar from `lg` up).
    const observer = new ResizeObserver(() => {
      root.style[property] = `${element.offsetHeight}px`;
      root.style.setProperty(variable, `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style[property] = '';
      root.style.removeProperty(variable);
    };
  }, [bar, edge, shown]);
}
