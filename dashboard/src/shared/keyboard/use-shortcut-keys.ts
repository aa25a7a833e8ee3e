import { useEffect, useRef } from 'react';

/** What each key does; a key left out (or undefined) is left to the browser. */
export type ShortcutKeys = Partial<Record<string, () => void>>;

/**
 * Where a key types or picks: a shortcut there would take the key from it. A checkbox or a
 * button takes none of these keys, so from a row's checkbox j, k and Esc still work.
 */
const EDITABLE = [
  'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"])',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
].join(', ');

/**
 * Single-key shortcuts, as mail clients have (j, k, Delete, Escape), keyed by
 * `KeyboardEvent.key`. They act only where they belong: with focus inside an element marked
 * `data-shortcut-scope` (the inbox and the reader), or on nothing in particular (the page's
 * body), so a stray Backspace on a button elsewhere deletes nothing. And they stay out of
 * the way: not while a field has focus, not with a modifier held (the browser's own
 * shortcuts), and not while a dialog is open, which has the keyboard to itself.
 */
export function useShortcutKeys(keys: ShortcutKeys): void {
  // The latest handlers, read when a key arrives: the listener is added once.
  const latest = useRef(keys);
  latest.current = keys;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(EDITABLE)) return;
      if (target && target !== document.body && !target.closest('[data-shortcut-scope]')) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const handler = latest.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
