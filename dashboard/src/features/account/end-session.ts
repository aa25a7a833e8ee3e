import { logout, logoutEverywhere, unwrap } from '@tempmail/sdk';
import type { QueryClient } from '@tanstack/react-query';
import {
  LANGUAGE_CHOICE_FLAG,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  VISIT_LANGUAGE_KEY,
} from '../../shared/preferences/choose-language';
import { removeStorage } from '../../shared/preferences/read-storage';
import { THEME_STORAGE_KEY } from '../../shared/preferences/resolve-theme';
import { createApiClient } from '../../shared/create-api-client';
import { createStore } from '../../shared/create-store';

/** How long the transition shows before the page reloads. */
const SESSION_TRANSITION_MS = 500;

/** Whether the page is leaving its session: set once the server has ended it. */
const leaving = createStore(false);
export const useLeavingSession = (): boolean => leaving.use();

/**
 * Logout: this browser leaves the Pro account (its addresses stay with the account, for the
 * next sign-in) and forgets the language and theme, after the server has done its part;
 * `everywhere`, every other browser signed in to the account leaves it too. A server
 * refusal throws and changes nothing here.
 */
export async function endSession(everywhere = false): Promise<void> {
  const client = createApiClient();
  await unwrap(everywhere ? logoutEverywhere({ client }) : logout({ client }));
  for (const key of [LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_FLAG, THEME_STORAGE_KEY]) {
    removeStorage(key);
  }
  removeStorage(VISIT_LANGUAGE_KEY, 'session');
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * After the transition, the query cache cleared and the page loaded again, as the signed-out
 * browser it now is. Cleared only then: cleared at once, the page fetched the user again as
 * a visitor under the transition, the profile dialog (and its loader) went with the Pro
 * user, and the account's alias showed as a free address until the reload.
 */
export function reloadSignedOut(queryClient: QueryClient): void {
  leaving.set(true);
  setTimeout(() => {
    queryClient.clear();
    window.location.reload();
  }, SESSION_TRANSITION_MS);
}
