import type { User } from './user-store.js';

/**
 * Whether a user is an account: one that paid, or proved an email. Only an account signs in
 * on other devices (and so signs out of them); a visitor is one browser.
 */
export const isAccount = (user: Pick<User, 'email' | 'plan'>): boolean =>
  user.email !== null || user.plan !== 'free';
