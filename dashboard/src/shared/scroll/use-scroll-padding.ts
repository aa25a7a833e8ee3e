import { useEffect, type RefObject } from 'react';

/** How far each fixed bar shown now reaches into the page from its edge, by bar. */
const reaches = { top: new Map<HTMLElement, number>(), bottom: new Map<HTMLElement, number>() };

/** The page's scroll padding on an edge: as far as the furthest-reaching bar on it. */
function applyPadding(edge: 'top' | 'bottom'): void {
  const root = document.documentElement;
  const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
  const variable = `--fixed-${edge}`;
  const reach = Math.max(0, ...reaches[edge].values());
  if (reach === 0) {
    root.style[property] = '';
    root.style.removeProperty(variable);
  } else {
    root.style[property] = `${reach}px`;
    root.style.setProperty(variable, `${reach}px`);
  }
}

/**
 * While `bar` is shown fixed over one edge of the page, the page's scroll padding on that
 * edge reaches past it: whatever takes focus (Tab, a link to a section) is scrolled into view
 * clear of it, never beneath it (WCAG 2.4.11), and focus that lands under it anyway is
 * scrolled clear as it comes. A bar that stands off its edge (the language card under the
 * header) counts from the edge to its far side; with several bars shown, the furthest
 * decides. The reach is also `--fixed-top` or `--fixed-bottom` on the root, for what else is
 * fixed to that edge (toasts) to stand clear.
 */
export function useScrollPadding(
  bar: RefObject<HTMLElement | null>,
  edge: 'top' | 'bottom',
  shown: boolean,
): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const measure = () => {
      // Nothing is measured while the bar is not displayed (the compact bar from `lg` up).
      const rect = element.getBoundingClientRect();
      const reach =
        rect.height === 0 ? 0 : edge === 'top' ? rect.bottom : window.innerHeight - rect.top;
      reaches[edge].set(element, Math.ceil(reach));
      applyPadding(edge);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    // Where the padding did not do it (a browser that leaves it out of focus scrolling, or a
    // bar whose new size is not measured yet), what takes focus under the bar is scrolled
    // clear of it here.
    const clear = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || element.contains(target)) return;
      const bar = element.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      const under =
        box.bottom > bar.top &&
        box.top < bar.bottom &&
        box.right > bar.left &&
        box.left < bar.right;
      if (!under) return;
      window.scrollBy({ top: edge === 'top' ? box.top - bar.bottom : box.bottom - bar.top });
    };
    document.addEventListener('focusin', clear);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('focusin', clear);
      reaches[edge].delete(element);
      applyPadding(edge);
    };
  }, [bar, edge, shown]);
}
