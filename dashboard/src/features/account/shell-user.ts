import type { User } from '@tempmail/sdk';
import { createStore } from '../../shared/create-store';
import { proExpiry } from './pro-status';

// The caller as the page around every route knows it (the header's account buttons, the
// footer's affiliate links). Read with a plain fetch, so that a content page needs neither
// the SDK nor the query client; once an app page or a dialog has loaded them, the user
// query keeps this up to date (app-queries.tsx).

export interface ShellUser {
  user: User | undefined;
  /** True until the first read has answered. */
  pending: boolean;
}

export const shellUser = createStore<ShellUser>({ user: undefined, pending: true });

let firstRead: Promise<User> | undefined;
let firstReadTaken = false;

/**
 * `GET /api/user`, which also opens the session cookie on a first visit: made once per page
 * load, whoever asks first (the shell, or the user query of an app page mounted before it).
 */
export function readUserOnce(): Promise<User> {
  firstRead ??= fetch('/api/user', { headers: { Accept: 'application/json' } }).then(
    async (response) => {
      if (!response.ok) throw new Error(`GET /api/user answered ${response.status}`);
      return (await response.json()) as User;
    },
  );
  return firstRead;
}

/**
 * The first read, to the user query's first fetch only: a page load reads the user once, and
 * a second session cookie is never opened by two first reads racing. Later fetches (after
 * sign-in, an upgrade) get undefined and read afresh.
 */
export function takeFirstUserRead(): Promise<User> | undefined {
  if (firstReadTaken) return undefined;
  firstReadTaken = true;
  return readUserOnce();
}

/** Starts the first read and keeps its answer in the store. */
export function loadShellUser(): void {
  readUserOnce().then(
    (user) => shellUser.set({ user, pending: false }),
    (error: unknown) => {
      console.warn('The user could not be read', error);
      shellUser.set({ user: undefined, pending: false });
    },
  );
}

/** The longest wait a timer keeps (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** After the end, so the server has ended the Pro time too (or renewed it) when asked. */
const AFTER_END_MS = 1_000;

/** Reads the user again; offline, the same user, judged again by the clock (isProUser). */
async function rereadShellUser(previous: User): Promise<void> {
  let user: User = { ...previous };
  try {
    const response = await fetch('/api/user', { headers: { Accept: 'application/json' } });
    if (response.ok) user = (await response.json()) as User;
  } catch {
    // Unreachable: the page still turns free by the clock; the next read brings the rest.
  }
  shellUser.set({ user, pending: false });
}

/**
 * When the user's Pro time ends, reads the user again, so that the whole page (header,
 * inbox, dialogs, footer) turns free, or shows the renewed subscription, at that moment and
 * not at whatever renders it next. For an effect: returns its cleanup.
 */
export function watchProEnd(user: User | undefined): (() => void) | undefined {
  const expiry = proExpiry(user);
  if (!user?.isPro || expiry === null) return undefined;
  const wait = expiry - Date.now();
  if (wait <= 0) return undefined;
  const timer = setTimeout(
    () => void rereadShellUser(user),
    Math.min(wait + AFTER_END_MS, LONGEST_TIMER_MS),
  );
  return () => clearTimeout(timer);
}
