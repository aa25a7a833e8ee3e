import type { User } from '../users/user-store.js';
import type { Stores } from '../stores.js';
import { createMailbox, type CreateMailboxResult } from './create-mailbox.js';
import { listLiveMailboxes } from './list-live-mailboxes.js';
import type { Mailbox } from './mailbox-store.js';
import { verifyMailboxPassword } from './verify-mailbox-password.js';

export interface MailboxServiceDeps {
  stores: Pick<Stores, 'mailboxes' | 'users'>;
  /** Our receiving domains; an address on any other is refused. */
  domains: readonly string[];
  /** The operator's reserved names (RESERVED_LOCAL_PARTS), on top of the built-in ones. */
  reservedLocalParts: readonly string[];
}

/**
 * Mailboxes for every surface: making one, signing in with its password, finding the live one
 * a token names, a Pro user's own, and deleting one.
 */
export function createMailboxService(deps: MailboxServiceDeps) {
  const { mailboxes, users } = deps.stores;

  return {
    /** Every way of making an address comes through here (see createMailbox). */
    create(input: {
      address: string;
      password: string;
      ownerUserId: string | null;
      now: number;
      expiresAt: number;
    }): Promise<CreateMailboxResult> {
      return createMailbox(
        { mailboxes, domains: deps.domains, reservedLocalParts: deps.reservedLocalParts },
        input,
      );
    },

    /**
     * The live mailbox of `address` when `password` is its password. The password is checked
     * first and always: unknown, expired and wrong all cost the same and look the same.
     */
    async signIn(address: string, password: string, now: number): Promise<Mailbox | undefined> {
      const mailbox = await mailboxes.findByAddress(address.trim());
      const passwordMatches = await verifyMailboxPassword(password, mailbox?.passwordHash);
      return mailbox && passwordMatches && mailbox.expiresAt > now ? mailbox : undefined;
    },

    find: (id: string) => mailboxes.findById(id),

    /** The mailbox a token names, while it exists and has not expired. */
    async findLive(id: string, now: number): Promise<Mailbox | undefined> {
      const mailbox = await mailboxes.findById(id);
      return mailbox && mailbox.expiresAt > now ? mailbox : undefined;
    },

    /** Whether a user owns the mailbox of `address` (live or not). */
    async isOwnedBy(address: string, userId: string): Promise<boolean> {
      const mailbox = await mailboxes.findByAddress(address.trim());
      return mailbox !== undefined && mailbox.ownerUserId === userId;
    },

    /** A user's mailboxes, expired ones included (they may still hold the user's messages). */
    listOwned: (userId: string) => mailboxes.listByOwner(userId),

    /** A user's mailboxes that have not expired: what their Pro token and session read. */
    listLive: (userId: string, now: number) => listLiveMailboxes(mailboxes, userId, now),

    /** The listing change counters of these mailboxes, by id (missing: deleted). */
    listVersions: (ids: readonly string[]) => mailboxes.listVersions(ids),

    /** Deletes a mailbox with everything it holds. */
    delete: (id: string) => mailboxes.delete(id),

    /**
     * Makes an existing mailbox a Pro user's persistent address, proved by its password: it
     * joins the user and lives as long as their Pro. False when the mailbox is unknown, the
     * address or password does not match, or another user owns it. The password is checked
     * first and always, so no answer is quicker than another.
     */
    async claimAsMain(
      user: User,
      claim: { mailboxId: string; address: string; password: string },
      now: number,
    ): Promise<boolean> {
      const mailbox = await mailboxes.findById(claim.mailboxId);
      const passwordMatches = await verifyMailboxPassword(claim.password, mailbox?.passwordHash);
      const matches =
        mailbox !== undefined &&
        passwordMatches &&
        mailbox.address === claim.address.trim().toLowerCase() &&
        (mailbox.ownerUserId === null || mailbox.ownerUserId === user.id);
      if (!mailbox || !matches) return false;
      await mailboxes.setOwner(mailbox.id, user.id);
      await mailboxes.setExpiryForOwner(user.id, user.proExpiresAt!);
      await users.update(user.id, { mainMailboxId: mailbox.id }, now);
      return true;
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
