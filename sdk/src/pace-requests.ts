import { waitOrAbort } from './wait-or-abort.js';

/** How many calls may leave in any window of `perMs` milliseconds. */
export interface PaceOptions {
  requests: number;
  perMs: number;
}

/**
 * Wraps a `fetch` so that calls leave in the order they were made and never more than
 * `requests` in any `perMs` window: a burst waits its turn here instead of being refused by
 * a per-second limit (mail.tm's 8 per second per IP). Share one paced fetch among every
 * client of a program, since the server counts them together.
 */
export function paceRequests(send: typeof fetch, { requests, perMs }: PaceOptions): typeof fetch {
  // When each of the latest calls left (or will leave): a new call leaves no earlier than
  // one window after the call `requests` places before it.
  const departures: number[] = [];
  return async (input, init) => {
    const now = Date.now();
    const earlier = departures.length >= requests ? departures[departures.length - requests]! : 0;
    const at = Math.max(now, earlier + perMs);
    departures.push(at);
    if (departures.length > requests) departures.shift();
    if (at > now) {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      await waitOrAbort(at - now, signal);
    }
    return send(input, init);
  };
}
