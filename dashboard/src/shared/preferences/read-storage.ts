/**
 * Web storage that never throws: storage can be off (disabled cookies, private modes), and
 * then a preference is just not kept. `area` is the page's local storage (kept across visits)
 * or its session storage (this tab only).
 */
type Area = 'local' | 'session';

const storageOf = (area: Area): Storage =>
  area === 'local' ? window.localStorage : window.sessionStorage;

export function readStorage(key: string, area: Area = 'local'): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return null;
  }
}

export function removeStorage(key: string, area: Area = 'local'): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Storage is off: nothing was kept.
  }
}

export function writeStorage(key: string, value: string, area: Area = 'local'): void {
  try {
    storageOf(area).setItem(key, value);
  } catch {
    // Nothing to do: the choice still applies to this page.
  }
}
