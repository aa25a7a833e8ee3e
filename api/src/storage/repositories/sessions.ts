import type { Kysely } from 'kysely';
import type { SessionStore } from '../../features/users/user-store.js';
import type { DatabaseSchema } from '../schema.js';

/** Browser sessions, keyed by the SHA-256 of the cookie value (the cookie itself is never stored). */
export function createSessionsRepository(db: Kysely<DatabaseSchema>): SessionStore {
  return {
    /** Saves a session; saving the same token twice (two first writes racing) keeps one. */
    async create(session: { tokenHash: string; userId: string; now: number; expiresAt: number }) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          created_at: session.now,
          expires_at: session.expiresAt,
        })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
    },

    /** The user of a live session, or undefined when unknown or expired. */
    async findUserId(tokenHash: string, now: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
