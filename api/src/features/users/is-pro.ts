import type { User } from '../../storage/repositories/users.js';

/**
 * Whether a user has Pro now: a Pro plan whose time has not run out. The one definition,
 * used by every surface (spec section 4: isPro and proExpiresAt not in the past).
 */
export function isPro(user: Pick<User, 'plan' | 'proExpiresAt'>, now: number): boolean {
  return user.plan !== 'free' && user.proExpiresAt !== null && user.proExpiresAt > now;
}
