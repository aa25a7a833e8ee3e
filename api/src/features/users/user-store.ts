/** The plans a user can be on; `free` until a payment makes them Pro. */
export type Plan = 'free' | 'pro_monthly' | 'pro_24hr';

/** An account: an anonymous visitor until they pay or prove an email. */
export interface User {
  id: string;
  email: string | null;
  plan: Plan;
  proExpiresAt: number | null;
  customAlias: string | null;
  mainMailboxId: string | null;
  stripeCustomerId: string | null;
  createdAt: number;
}

export type UserChanges = Partial<
  Pick<
    User,
    'email' | 'plan' | 'proExpiresAt' | 'customAlias' | 'mainMailboxId' | 'stripeCustomerId'
  >
>;

/** What accounts need from storage (storage/repositories/users.ts implements it). */
export interface UserStore {
  /**
   * A new anonymous visitor on the free plan, under `id` when given (a visitor's id is
   * known before it is saved). Saving the same id twice keeps the first row.
   */
  createAnonymous(now: number, id?: string): Promise<User>;
  findById(id: string): Promise<User | undefined>;
  findByEmail(email: string): Promise<User | undefined>;
  findByStripeCustomer(customerId: string): Promise<User | undefined>;
  /**
   * Deletes up to `limit` anonymous visitors nobody can reach any more (never Pro, no email,
   * no live session, owning nothing), created at or before `createdBefore`; returns how many.
   */
  deleteAbandonedAnonymous(now: number, createdBefore: number, limit: number): Promise<number>;
  /** Applies the changes; throws DuplicateKeyError when the email belongs to another user. */
  update(id: string, changes: UserChanges, now: number): Promise<User | undefined>;
}

/** Browser sessions, keyed by the SHA-256 of the cookie value (the cookie is never stored). */
export interface SessionStore {
  /** Saves a session; saving the same token twice (two first writes racing) keeps one. */
  create(session: {
    tokenHash: string;
    userId: string;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  /** The user of a live session, or undefined when unknown or expired. */
  findUserId(tokenHash: string, now: number): Promise<string | undefined>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of a user, in every browser. */
  deleteForUser(userId: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
}
