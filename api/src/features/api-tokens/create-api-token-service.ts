import type { Stores } from '../stores.js';
import type { User } from '../users/user-store.js';
import type { ApiToken } from './api-token-store.js';
import { hashApiToken, issueApiToken } from './issue-api-token.js';

/** Pro users' `/v1` tokens: at most one live token per user, rotated or revoked on demand. */
export function createApiTokenService(stores: Pick<Stores, 'tokens' | 'users'>) {
  const { tokens, users } = stores;

  return {
    /** A new token, replacing the one before; returned in full this once. */
    issue: (userId: string, now: number) => issueApiToken(tokens, userId, now),

    /** The user's live token, without its secret (which is not kept). */
    findForUser: (userId: string): Promise<ApiToken | undefined> => tokens.findUserApiToken(userId),

    /** Whether the user ever had a token: once they have, none is made for them unasked. */
    hasIssued: (userId: string): Promise<boolean> => tokens.hasIssuedApiToken(userId),

    /** Ends the user's live token at once, leaving none until they ask for a new one. */
    revoke: (userId: string, now: number): Promise<void> => tokens.revokeApiTokens(userId, now),

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
