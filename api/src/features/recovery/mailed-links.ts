import { createHash, randomBytes } from 'node:crypto';
import type { Stores } from '../stores.js';
import type { LinkPurpose } from './mailed-link-store.js';

/** How long a sign-in link works. */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;
/** How long a purchase email's confirmation link works: a day, for mail that comes late. */
export const EMAIL_CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a link's token is stored; the token itself lives in the mail. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link token is 256 random bits, base64url: 43 characters. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new link token: 256 random bits. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Makes a one-time link for `purpose`; resolves with the token to put in the mail. */
export async function createMailedLink(
  tokens: Stores['tokens'],
  link: { userId: string; purpose: LinkPurpose; email?: string; now: number; lifetimeMs: number },
): Promise<string> {
  const token = newLinkToken();
  await tokens.createRecoveryToken({
    tokenHash: hashLinkToken(token),
    userId: link.userId,
    purpose: link.purpose,
    ...(link.email === undefined ? {} : { email: link.email }),
    now: link.now,
    expiresAt: link.now + link.lifetimeMs,
  });
  return token;
}
