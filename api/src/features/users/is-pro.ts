import type { User } from './user-store.js';

/**
 * Whether a user has Pro now: a Pro plan whose time has not run out. The one definition,
 * used by every surface, so the user resource, the Pro-only calls and the fulfilment never
 * disagree about who is Pro.
 */
export function isPro(user: Pick<User, 'plan' | 'proExpiresAt'>, now: number): boolean {
  return user.plan !== 'free' && user.proExpiresAt !== null && user.proExpiresAt > now;
}
