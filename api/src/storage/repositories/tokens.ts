import type { Kysely } from 'kysely';
import { newId } from '../../features/new-id.js';
import type { ApiToken, ApiTokenStore } from '../../features/api-tokens/api-token-store.js';
import type {
  LinkPurpose,
  MailedLink,
  MailedLinkStore,
} from '../../features/recovery/mailed-link-store.js';
import type { DatabaseSchema } from '../schema.js';

/**
 * One-time links by mail (sign-in, email confirmation) and public API tokens. Only SHA-256
 * hashes of the secrets are stored; the plain values exist in the mail or response that
 * carries them, nowhere else.
 */
export function createTokensRepository(
  db: Kysely<DatabaseSchema>,
): ApiTokenStore & MailedLinkStore {
  return {
    async createRecoveryToken(token) {
      await db
        .insertInto('recovery_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          purpose: token.purpose,
          email: token.email ?? null,
          created_at: token.now,
          expires_at: token.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** A live (unused, unexpired) link of `purpose`, without using it up. */
    async findLiveLink(
      tokenHash: string,
      purpose: LinkPurpose,
      now: number,
    ): Promise<MailedLink | undefined> {
      const row = await db
        .selectFrom('recovery_tokens')
        .select(['user_id', 'email', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { userId: row.user_id, email: row.email, expiresAt: row.expires_at };
    },

    /**
     * Uses up a link in one UPDATE, so two redemptions racing for it cannot both win.
     * Returns what it names, or undefined when unknown, used, expired or of another purpose.
     */
    async consumeLink(
      tokenHash: string,
      purpose: LinkPurpose,
      now: number,
    ): Promise<MailedLink | undefined> {
      const row = await db
        .updateTable('recovery_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'email', 'expires_at'])
        .executeTakeFirst();
      return row && { userId: row.user_id, email: row.email, expiresAt: row.expires_at };
    },

    /** The email a user was last asked to confirm, while that link is still live. */
    async findPendingEmail(userId: string, now: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('recovery_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'confirm_email')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.email ?? undefined;
    },

    /** Creates a user's API token and revokes the ones before it (rotation). */
    async rotateApiToken(token: {
      userId: string;
      tokenHash: string;
      prefix: string;
      now: number;
    }): Promise<ApiToken> {
      const id = newId(token.now);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('api_tokens')
          .set({ revoked_at: token.now })
          .where('user_id', '=', token.userId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .insertInto('api_tokens')
          .values({
            id,
            user_id: token.userId,
            token_hash: token.tokenHash,
            prefix: token.prefix,
            created_at: token.now,
            revoked_at: null,
          })
          .execute();
      });
      return { id, userId: token.userId, prefix: token.prefix, createdAt: token.now };
    },

    async revokeApiTokens(userId: string, now: number): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async hasIssuedApiToken(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('api_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findActiveApiToken(tokenHash: string): Promise<ApiToken | undefined> {
      const row = await db
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'prefix', 'created_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return (
        row && { id: row.id, userId: row.user_id, prefix: row.prefix, createdAt: row.created_at }
      );
    },

    async findUserApiToken(userId: string): Promise<ApiToken | undefined> {
      const row = await db
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'prefix', 'created_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return (
        row && { id: row.id, userId: row.user_id, prefix: row.prefix, createdAt: row.created_at }
      );
    },
  };
}
