import { sql, type Kysely, type Selectable } from 'kysely';
import { insertUnique } from '../errors.js';
import { newId } from '../../features/new-id.js';
import type { DatabaseSchema, UsersTable } from '../schema.js';
import type { User, UserChanges, UserStore } from '../../features/users/user-store.js';

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    proExpiresAt: row.pro_expires_at,
    customAlias: row.custom_alias,
    mainMailboxId: row.main_mailbox_id,
    stripeCustomerId: row.stripe_customer_id,
    createdAt: row.created_at,
  };
}

export function createUsersRepository(db: Kysely<DatabaseSchema>): UserStore {
  return {
    /**
     * A new anonymous visitor on the free plan, under `id` when given (a visitor's id is
     * known before it is saved). Saving the same id twice keeps the first row.
     */
    async createAnonymous(now: number, id: string = newId(now)): Promise<User> {
      const row = {
        id,
        email: null,
        plan: 'free' as const,
        pro_expires_at: null,
        custom_alias: null,
        main_mailbox_id: null,
        stripe_customer_id: null,
        created_at: now,
        updated_at: now,
      };
      await db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return toUser(row);
    },

    async findById(id: string): Promise<User | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toUser(row);
    },

    async findByStripeCustomer(customerId: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('stripe_customer_id', '=', customerId)
        .executeTakeFirst();
      return row && toUser(row);
    },

    /**
     * Deletes up to `limit` anonymous visitors nobody can reach any more: never Pro, no email
     * (so no sign-in link), no Stripe customer, no live session (the cookie was their only
     * key), owning no mailbox or alias, and with no payment, subscription, API token,
     * forwarding settings or recovery token that the delete would cascade away. Created at
     * or before `createdBefore`, so a visitor whose session is being opened right now is
     * never taken. Safe on several nodes at once: each delete takes only rows still there.
     * Returns how many went.
     */
    async deleteAbandonedAnonymous(
      now: number,
      createdBefore: number,
      limit: number,
    ): Promise<number> {
      const none = <T extends keyof DatabaseSchema>(table: T, column: string) =>
        sql<boolean>`not exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref('users.id')})`;
      const result = await db
        .deleteFrom('users')
        .where(
          'id',
          'in',
          db
            .selectFrom('users')
            .select('id')
            .where('email', 'is', null)
            .where('plan', '=', 'free')
            .where('pro_expires_at', 'is', null)
            .where('stripe_customer_id', 'is', null)
            .where('created_at', '<=', createdBefore)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('sessions')
                    .select('sessions.user_id')
                    .whereRef('sessions.user_id', '=', 'users.id')
                    .where('sessions.expires_at', '>', now),
                ),
              ),
            )
            .where(none('mailboxes', 'owner_user_id'))
            .where(none('aliases', 'user_id'))
            .where(none('payments', 'user_id'))
            .where(none('subscriptions', 'user_id'))
            .where(none('api_tokens', 'user_id'))
            .where(none('forwarding_settings', 'user_id'))
            .where(none('recovery_tokens', 'user_id'))
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Applies the changes; throws DuplicateKeyError when the email belongs to another user. */
    async update(id: string, changes: UserChanges, now: number): Promise<User | undefined> {
      await insertUnique('email', () =>
        db
          .updateTable('users')
          .set({
            email: changes.email === undefined ? undefined : (changes.email?.toLowerCase() ?? null),
            plan: changes.plan,
            pro_expires_at: changes.proExpiresAt,
            custom_alias: changes.customAlias,
            main_mailbox_id: changes.mainMailboxId,
            stripe_customer_id: changes.stripeCustomerId,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute(),
      );
      return this.findById(id);
    },
  };
}
