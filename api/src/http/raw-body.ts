import type { IncomingMessage } from 'node:http';

/**
 * Request bodies kept as received, for the one route that must verify a signature over the
 * exact bytes (the Stripe webhook): a re-serialised body would not match.
 */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();

export const RAW_BODY_PATHS = new Set(['/api/stripe/webhook']);

export function keepRawBody(request: IncomingMessage, body: Buffer): void {
  if (RAW_BODY_PATHS.has((request.url ?? '').split('?')[0]!)) rawBodies.set(request, body);
}

export function rawBodyOf(request: IncomingMessage): Buffer | undefined {
  return rawBodies.get(request);
}
