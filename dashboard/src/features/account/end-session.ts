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
export const SESSION_TRANSITION_MS = 500;

/**
 * Logout: this browser leaves the Pro account (its addresses stay with the account, for the
 * next sign-in) and forgets the language and theme, after the server has done its part. A
 * server refusal throws and changes nothing here.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  await unwrap(logout({ client: createApiClient() }));
  queryClient.clear();
  for (const key of [LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_FLAG, THEME_STORAGE_KEY]) {
    removeStorage(key);
  }
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
