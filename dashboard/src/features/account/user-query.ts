import { getUser, unwrap, type User } from '@tempmail/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';

/** Every read of the caller's user shares this key; refreshing it refreshes the whole page. */
export const USER_QUERY_KEY = ['user'] as const;

/**
 * The caller (`GET /api/user`, which also opens the session cookie on a first visit). Read
 * once; refreshed after an upgrade, a recovery or a change of Pro settings.
 */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => unwrap(getUser({ client: createApiClient(), signal })),
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** When the user's Pro ends (epoch ms), or null for a user who never had it. */
export function proExpiry(user: Pick<User, 'proExpiresAt'> | undefined): number | null {
  const at = user?.proExpiresAt ? Date.parse(user.proExpiresAt) : NaN;
  return Number.isNaN(at) ? null : at;
}

/** Pro while `isPro` is true and `proExpiresAt` is not in the past, as the server decides. */
export function isProUser(
  user: Pick<User, 'isPro' | 'proExpiresAt'> | undefined,
  now = Date.now(),
): boolean {
  const expiry = proExpiry(user);
  return user?.isPro === true && expiry !== null && expiry > now;
}
