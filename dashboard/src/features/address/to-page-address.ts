import type { SessionAddress } from '@tempmail/sdk';
import type { AddressEnding, PageAddress } from './page-address';

/**
 * An answer takes some time to arrive, and a `Date` header has whole seconds: a difference
 * below this is that, not a clock that is off.
 */
const CLOCK_NOISE_MS = 2_000;

/**
 * How far this browser's clock is ahead of the server's (negative: behind), from a time the
 * server gave (epoch ms) and this browser's time when the answer arrived. Zero for a time
 * that could not be read, or within the noise.
 */
export function clockOffsetMs(serverNow: number, localNow: number): number {
  if (Number.isNaN(serverNow)) return 0;
  const offset = localNow - serverNow;
  return Math.abs(offset) < CLOCK_NOISE_MS ? 0 : offset;
}

/**
 * How a server's address ends, its time moved onto this browser's clock; undefined for one
 * that only expires.
 */
export function toAddressEnding(
  resource: Pick<SessionAddress, 'endsAt' | 'endsAfterFirstMessage' | 'ended'>,
  offsetMs: number,
): AddressEnding | undefined {
  const { endsAt, endsAfterFirstMessage, ended } = resource;
  if (endsAt === null && !endsAfterFirstMessage) return undefined;
  return {
    endsAt: endsAt === null ? null : Date.parse(endsAt) + offsetMs,
    endsAfterFirstMessage,
    ended,
  };
}

/** The server's address as the page shows it, its times moved onto this browser's clock. */
export function toPageAddress(resource: SessionAddress, offsetMs: number): PageAddress {
  const ending = toAddressEnding(resource, offsetMs);
  return {
    address: resource.address,
    expiresAt: Date.parse(resource.expiresAt) + offsetMs,
    account: { id: resource.id, token: resource.token },
    ...(ending ? { ending } : {}),
  };
}
