import { clearProSession as clearServerProSession, logout, unwrap } from '@tempmail/sdk';
import type { QueryClient } from '@tanstack/react-query';
import {
  LANGUAGE_CHOICE_FLAG,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
} from '../../shared/preferences/choose-language';
import { removeStorage } from '../../shared/preferences/read-storage';
import { THEME_STORAGE_KEY } from '../../shared/preferences/resolve-theme';
import { createApiClient } from '../../shared/create-api-client';
import { clearProSession } from './pro-session-store';

/** How long the transition shows before the page reloads. */
export const SESSION_TRANSITION_MS = 500;

export type SessionEnd = 'clear' | 'logout';

/**
 * Clear Session (forget the Pro address; a new one is made on reload) or Logout (leave the
 * Pro account, and forget the language and theme too), after the server has done its part.
 * A server refusal throws and changes nothing here.
 */
export async function endSession(kind: SessionEnd, queryClient: QueryClient): Promise<void> {
  const client = createApiClient();
  await unwrap(kind === 'clear' ? clearServerProSession({ client }) : logout({ client }));
  queryClient.clear();
  clearProSession();
  if (kind === 'logout') {
    for (const key of [LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_FLAG, THEME_STORAGE_KEY]) {
      removeStorage(key);
    }
    document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}
