import type { Stores } from '../stores.js';
import type { User, UserChanges } from './user-store.js';
import { isAccount } from './is-account.js';

/** How long a session of an account (one that paid, or proved an email) lasts. */
export const ACCOUNT_SESSION_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * How long a saved anonymous visitor's session lasts: as long as anything a visitor can own
 * (an open checkout, the longest retention) and no longer, so abandoned visitors are purged.
 */
export const VISITOR_SESSION_MS = 24 * 60 * 60 * 1000;

/** A visitor who has stored nothing: free, with no email, under the id their cookie gives. */
export function unsavedVisitor(id: string, now: number): User {
  return {
    id,
    email: null,
    plan: 'free',
    proExpiresAt: null,
    customAlias: null,
    mainMailboxId: null,
    stripeCustomerId: null,
    createdAt: now,
  };
}

/**
 * Accounts and their sessions. A session is named by the hash of its cookie (the HTTP layer
 * owns the cookie); a visitor is stored only on their first write.
 */
export function createAccountService(stores: Pick<Stores, 'users' | 'sessions' | 'mailboxes'>) {
  const { users, sessions, mailboxes } = stores;

  return {
    /** The user of a live session, or undefined when unknown, expired or ended. */
    async findSessionUser(tokenHash: string, now: number): Promise<User | undefined> {
      const userId = await sessions.findUserId(tokenHash, now);
      return userId === undefined ? undefined : users.findById(userId);
    },

    /** Whether a user of this id was ever saved (a visitor's id is known before that). */
    async exists(userId: string): Promise<boolean> {
      return (await users.findById(userId)) !== undefined;
    },

    find: (userId: string) => users.findById(userId),

    /** Applies the changes; throws DuplicateKeyError when the email belongs to another user. */
    update: (userId: string, changes: UserChanges, now: number) =>
      users.update(userId, changes, now),

    /** Opens a session for `user`; returns its lifetime (an account's is long, a visitor's short). */
    async openSession(tokenHash: string, user: User, now: number): Promise<number> {
      const lifetimeMs = isAccount(user) ? ACCOUNT_SESSION_MS : VISITOR_SESSION_MS;
      await sessions.create({ tokenHash, userId: user.id, now, expiresAt: now + lifetimeMs });
      return lifetimeMs;
    },

    /** Saves a visitor under the id their cookie gives, with that cookie's session. */
    async saveVisitor(userId: string, tokenHash: string, now: number): Promise<User> {
      const user = await users.createAnonymous(now, userId);
      await sessions.create({
        tokenHash,
        userId: user.id,
        now,
        expiresAt: now + VISITOR_SESSION_MS,
      });
      return user;
    },

    endSession: (tokenHash: string) => sessions.delete(tokenHash),

    /**
     * Ends every session of the user, and every token issued so far to their mailboxes: each
     * browser signed in reads as a visitor again, and what a session handed out (a mailbox
     * token lives as long as Pro) stops working with it.
     */
    async endAllSessions(userId: string): Promise<void> {
      // Sessions first: a read that got past its session check before they ended would have
      // to read the mailboxes after the tokens ended as well to get a token that lives on.
      await sessions.deleteForUser(userId);
      await mailboxes.endTokensForOwner(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
