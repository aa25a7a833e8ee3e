import type { User } from '@tempmail/sdk';

// Whether a user is Pro, read from the user the server sent: plain functions, so that the
// header of a content page can ask without loading the SDK or the query client.

/** When the user's Pro ends (epoch ms), or null for a user who never had it. */
export function proExpiry(user: Pick<User, 'proExpiresAt'> | undefined): number | null {
  const at = user?.proExpiresAt ? Date.parse(user.proExpiresAt) : NaN;
  return Number.isNaN(at) ? null : at;
}

/** Pro while `isPro` is true and `proExpiresAt` is not in the past, as the server decides. */
export function isProUser(
  user: Pick<User, 'isPro' | 'proExpiresAt'> | undefined,
  now = Date.now(),
): boolean {
  const expiry = proExpiry(user);
  return user?.isPro === true && expiry !== null && expiry > now;
}

/**
 * Signed in to an account whose Pro has ended: it had Pro (or proved a purchase email) and
 * has none now. Such a user has an account to see, a token from Pro time that may still
 * work, and a session to end.
 */
export function isFormerProUser(
  user: Pick<User, 'isPro' | 'proExpiresAt' | 'email'> | undefined,
  now = Date.now(),
): boolean {
  if (!user || isProUser(user, now)) return false;
  return Boolean(user.email) || proExpiry(user) !== null;
}
