import { formatCountdown, type CountdownUnits } from './format-countdown';
import type { AddressEnding, PageAddress } from './page-address';

/**
 * Whether an address takes no more mail at `now` (this browser's clock): the server said so,
 * or its time has come since.
 */
export function hasEnded(ending: AddressEnding, now: number): boolean {
  return ending.ended || (ending.endsAt !== null && ending.endsAt <= now);
}

/**
 * How an address ends, as the panel and the list of addresses say it: the text's i18n key
 * and the time left it names ('Ends in 2h 3m 4s', 'Ends after its first message', both,
 * whichever comes first, or 'Ended').
 */
export function describeEnding(
  ending: AddressEnding,
  now: number,
  units?: CountdownUnits,
): { key: 'ended' | 'endsAfterFirst' | 'endsIn' | 'endsInOrFirst'; time?: string } {
  if (hasEnded(ending, now)) return { key: 'ended' };
  if (ending.endsAt === null) return { key: 'endsAfterFirst' };
  // Not null: the time has not come.
  const time = formatCountdown(ending.endsAt - now, units)!;
  return { key: ending.endsAfterFirstMessage ? 'endsInOrFirst' : 'endsIn', time };
}

/**
 * Whether an address will end at a time before it expires: then that time is the one to
 * show. Its expiry (when its mail goes) would read as a second, later end beside it.
 */
export function endsBeforeExpiry(
  address: Pick<PageAddress, 'expiresAt' | 'ending'>,
  now: number,
): boolean {
  const { ending, expiresAt } = address;
  if (!ending || hasEnded(ending, now)) return false;
  return ending.endsAt !== null && ending.endsAt < expiresAt;
}
