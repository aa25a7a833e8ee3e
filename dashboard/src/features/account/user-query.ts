import { getUser, unwrap } from '@tempmail/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { takeFirstUserRead } from './shell-user';
import { createApiClient } from '../../shared/create-api-client';

/** Every read of the caller's user shares this key; refreshing it refreshes the whole page. */
export const USER_QUERY_KEY = ['user'] as const;

/**
 * The caller (`GET /api/user`, which also opens the session cookie on a first visit). Read
 * once, sharing the page shell's read (shell-user.ts); refreshed after an upgrade, a
 * recovery or a change of Pro settings.
 */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) =>
    takeFirstUserRead() ?? unwrap(getUser({ client: createApiClient(), signal })),
});

export function useUser() {
  return useQuery(userQueryOptions);
}
