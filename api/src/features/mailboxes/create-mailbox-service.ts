import { randomUUID } from 'node:crypto';
import { isPro } from '../users/is-pro.js';
import type { User } from '../users/user-store.js';
import type { Stores } from '../stores.js';
import { createMailbox, type CreateMailboxResult } from './create-mailbox.js';
import { randomLocalPart } from './addresses.js';
import { FREE_MAILBOX_LIFETIME_MS } from './lifetimes.js';
import type { Mailbox, MailboxEnding } from './mailbox-store.js';
import { verifyMailboxPassword } from './verify-mailbox-password.js';
import type { MailboxTokenClaims } from './mailbox-tokens.js';

export interface MailboxServiceDeps {
  stores: Pick<Stores, 'mailboxes' | 'users'>;
  /** Our receiving domains; an address on any other is refused. */
  domains: readonly string[];
  /** The operator's reserved names (RESERVED_LOCAL_PARTS), on top of the built-in ones. */
  reservedLocalParts: readonly string[];
}

/** Random names tried before giving up: a clash is a one in 10^15 event, several are a fault. */
const GENERATE_ATTEMPTS = 5;

/**
 * Mailboxes for every surface: making one, signing in with its password, finding the live one
 * a token names, a Pro user's own, and deleting one.
 */
export function createMailboxService(deps: MailboxServiceDeps) {
  const { mailboxes, users } = deps.stores;

  /**
   * `local`@our first domain for `owner` (or nobody): a free address lives 60 minutes, a Pro
   * user's as long as their Pro.
   */
  function createOnFirstDomain(
    owner: User | undefined,
    now: number,
    local: string,
  ): Promise<CreateMailboxResult> {
    return createMailbox(
      { mailboxes, domains: deps.domains, reservedLocalParts: deps.reservedLocalParts },
      {
        address: `${local}@${deps.domains[0]!}`,
        password: randomUUID(),
        ownerUserId: owner?.id ?? null,
        now,
        expiresAt:
          owner && isPro(owner, now) ? owner.proExpiresAt! : now + FREE_MAILBOX_LIFETIME_MS,
      },
    );
  }

  return {
    /** Every way of making an address comes through here (see createMailbox). */
    create(input: {
      address: string;
      password: string;
      ownerUserId: string | null;
      now: number;
      expiresAt: number;
      ending?: MailboxEnding;
    }): Promise<CreateMailboxResult> {
      return createMailbox(
        { mailboxes, domains: deps.domains, reservedLocalParts: deps.reservedLocalParts },
        input,
      );
    },

    /**
     * A new random address on our first domain for `owner` (or nobody); a clash of names is
     * tried again, a handful of times. Read through tokens only: its password is random and
     * never shown.
     */
    async generate(owner: User | undefined, now: number): Promise<Mailbox> {
      for (let tries = 0; tries < GENERATE_ATTEMPTS; tries += 1) {
        const result = await createOnFirstDomain(
          owner,
          now,
          randomLocalPart(deps.reservedLocalParts),
        );
        if (result.ok) return result.mailbox;
      }
      throw new Error(`no free random address after ${GENERATE_ATTEMPTS} tries`);
    },

    /** The same under a name the caller chose; its problems come back as violations. */
    generateNamed: (owner: User | undefined, now: number, localPart: string) =>
      createOnFirstDomain(owner, now, localPart.toLowerCase()),

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

    /**
     * The mailbox a verified token names, while it exists and has not expired, and the
     * token is of its current generation (its owner has not signed out everywhere since).
     */
    async findLive(token: MailboxTokenClaims, now: number): Promise<Mailbox | undefined> {
      const mailbox = await mailboxes.findById(token.mailboxId);
      return mailbox && mailbox.expiresAt > now && mailbox.tokenGeneration === token.generation
        ? mailbox
        : undefined;
    },

    /** Whether a user owns the mailbox of `address` (live or not). */
    async isOwnedBy(address: string, userId: string): Promise<boolean> {
      const mailbox = await mailboxes.findByAddress(address.trim());
      return mailbox !== undefined && mailbox.ownerUserId === userId;
    },

    /** A user's mailboxes, expired ones included (they may still hold the user's messages). */
    listOwned: (userId: string) => mailboxes.listByOwner(userId),

    /** A user's mailboxes that have not expired: what their Pro token and session read. */
    async listLive(userId: string, now: number): Promise<Mailbox[]> {
      const owned = await mailboxes.listByOwner(userId);
      return owned.filter((mailbox) => mailbox.expiresAt > now);
    },

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
