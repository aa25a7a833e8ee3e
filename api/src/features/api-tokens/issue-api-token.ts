import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken, ApiTokenStore } from './api-token-store.js';

const PREFIX_LENGTH = 10;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new public API token for a Pro user, replacing any before it (rotation). Returned in
 * full once; only its hash and first characters are kept.
 */
export async function issueApiToken(
  tokens: ApiTokenStore,
  userId: string,
  now: number,
): Promise<{ token: string; record: ApiToken }> {
  const token = `tm_${randomBytes(32).toString('base64url')}`;
  const record = await tokens.rotateApiToken({
    userId,
    tokenHash: hashApiToken(token),
    prefix: token.slice(0, PREFIX_LENGTH),
    now,
  });
  return { token, record };
}
