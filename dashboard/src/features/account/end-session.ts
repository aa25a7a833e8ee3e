import { logout, unwrap } from '@tempmail/sdk';
import type { QueryClient } from '@tanstack/react-query';
import {
  LANGUAGE_CHOICE_FLAG,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
} from '../../shared/preferences/choose-language';
import { removeStorage } from '../../shared/preferences/read-storage';
import { THEME_STORAGE_KEY } from '../../shared/preferences/resolve-theme';
import { createApiClient } from '../../shared/create-api-client';

/** How long the transition shows before the page reloads. */
const SESSION_TRANSITION_MS = 500;

/**
 * Logout: this browser leaves the Pro account (its addresses stay with the account, for the
 * next sign-in) and forgets the language and theme, after the server has done its part. A
 * server refusal throws and changes nothing here.
 */
export async function endSession(): Promise<void> {
  await unwrap(logout({ client: createApiClient() }));
  for (const key of [LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_FLAG, THEME_STORAGE_KEY]) {
    removeStorage(key);
  }
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * After the transition, the query cache cleared and the page loaded again, as the signed-out
 * browser it now is. Cleared only then: cleared at once, the page fetched the user again as
 * a visitor under the transition, the profile dialog (and its loader) went with the Pro
 * user, and the account's alias showed as a free address until the reload.
 */
export function reloadSignedOut(queryClient: QueryClient): void {
  setTimeout(() => {
    queryClient.clear();
    window.location.reload();
  }, SESSION_TRANSITION_MS);
}
