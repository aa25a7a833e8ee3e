import { listAddresses, unwrap } from '@tempmail/sdk';
import { queryOptions } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';
import type { PageAddress } from './page-address';
import { clockOffsetMs, toPageAddress } from './to-page-address';

/** Every read of the session's addresses starts with this key; invalidating it reads them again. */
export const SESSION_ADDRESSES_KEY = ['session-addresses'] as const;

/** The session's live addresses (`GET /api/addresses`), newest first, on this browser's clock. */
async function listSessionAddresses(signal: AbortSignal): Promise<PageAddress[]> {
  const result = await listAddresses({ client: createApiClient(), signal });
  const { addresses } = await unwrap(result);
  const offset = clockOffsetMs(Date.parse(result.response.headers.get('date') ?? ''), Date.now());
  return addresses.map((resource) => toPageAddress(resource, offset));
}

/**
 * The addresses of `userId`'s session. The key holds the user and their Pro expiry, so a
 * sign-in reads another account's and a purchase or renewal reads the new expiries.
 */
export function sessionAddressesQuery(userId: string | null, proUntil: number | null) {
  return queryOptions({
    queryKey: [...SESSION_ADDRESSES_KEY, userId, proUntil],
    queryFn: ({ signal }) => listSessionAddresses(signal),
  });
}
