import { createHmac, randomBytes } from 'node:crypto';

/** The header a delivery's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'TempMail-Signature';

/**
 * The signature of one delivery: HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<body>`, so a receiver can tell the body is ours and unchanged, and (by the
 * timestamp, signed with it) refuse an old delivery replayed. `timestamp` is in seconds.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** A new secret, shown to its owner once: 32 random bytes, recognisable by its prefix. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
