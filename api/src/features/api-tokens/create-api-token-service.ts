import type { Stores } from '../stores.js';
import type { User } from '../users/user-store.js';
import type { ApiToken } from './api-token-store.js';
import { hashApiToken, issueApiToken } from './issue-api-token.js';

/** Pro users' `/v1` tokens: one live token per user, rotated on demand. */
export function createApiTokenService(stores: Pick<Stores, 'tokens' | 'users'>) {
  const { tokens, users } = stores;

  return {
    /** A new token, replacing the one before; returned in full this once. */
    issue: (userId: string, now: number) => issueApiToken(tokens, userId, now),

    /** The user's live token, without its secret (which is not kept). */
    findForUser: (userId: string): Promise<ApiToken | undefined> => tokens.findUserApiToken(userId),

    /** The user a presented token belongs to, while it has not been rotated away. */
    async identify(token: string): Promise<{ user: User; tokenHash: string } | undefined> {
      const tokenHash = hashApiToken(token);
      const record = await tokens.findActiveApiToken(tokenHash);
      const user = record && (await users.findById(record.userId));
      return user && { user, tokenHash };
    },

    /** Whether the token of this hash is still live (a stream ends when it is rotated away). */
    async isLive(tokenHash: string): Promise<boolean> {
      return (await tokens.findActiveApiToken(tokenHash)) !== undefined;
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
