import type { Services } from '../services.js';
import { clientAddress } from './client-address.js';
import type { AnyOperationRequest } from './operation-handlers.js';
import { tooManyRequests } from './rate-limit.js';
import { takeFromWindows } from '../features/limits/create-limiter.js';

/** A place taken in a client's budget of new addresses. */
export interface AddressPlace {
  /** Returns the place when the attempt made no address (taken or reserved name). */
  giveBack(): Promise<void>;
}

export interface AddressCreationLimit {
  /** Takes one place for the request's client, or refuses with 429. */
  take(request: AnyOperationRequest): Promise<AddressPlace>;
}

/**
 * One budget of new addresses per client IP, whichever path makes them (mail.tm's
 * `POST /accounts`, the dashboard's custom addresses, `/v1/generate-email`), so that neither
 * a fresh token nor another path is a fresh budget: a burst per minute and a total per hour.
 * A visitor makes one address a visit and a few more with "New address"; a script making
 * mailboxes in a loop meets the limit within a minute. The limiter factory gives every
 * handler the same two windows (and, with Redis, every node).
 */
export function limitAddressCreation(services: Services): AddressCreationLimit {
  const { perMinute, perHour } = services.config.addressCreationLimits;
  const windows = [
    services.createLimiter('address-creation-minute', perMinute, 60),
    services.createLimiter('address-creation-hour', perHour, 3600),
  ];
  return {
    async take(request) {
      const client = clientAddress(request);
      const state = await takeFromWindows(windows, client);
      if (!state.allowed) {
        throw tooManyRequests(
          state,
          `Too many new addresses from this IP address. Try again in ${String(state.retryAfter)} seconds.`,
        );
      }
      return {
        async giveBack() {
          try {
            await Promise.all(windows.map((window) => window.reward(client, 1)));
          } catch (error) {
            // Only a place lost for the window's length: never worth failing the answer.
            services.logger.warn(
              { err: error, requestId: request.id },
              'could not give back a place in the address budget',
            );
          }
        },
      };
    },
  };
}
