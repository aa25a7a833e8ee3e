/** A Pro user's key to `/v1`; only its SHA-256 is stored, the prefix helps them recognise it. */
export interface ApiToken {
  id: string;
  userId: string;
  prefix: string;
  createdAt: number;
}

/** What API tokens need from storage (storage/repositories/tokens.ts implements it). */
export interface ApiTokenStore {
  /** Creates a user's API token and revokes the ones before it (rotation). */
  rotateApiToken(token: {
    userId: string;
    tokenHash: string;
    prefix: string;
    now: number;
  }): Promise<ApiToken>;
  /** Revokes the user's live token, if any, leaving none. */
  revokeApiTokens(userId: string, now: number): Promise<void>;
  /** Whether the user was ever issued a token, revoked ones included. */
  hasIssuedApiToken(userId: string): Promise<boolean>;
  findActiveApiToken(tokenHash: string): Promise<ApiToken | undefined>;
  findUserApiToken(userId: string): Promise<ApiToken | undefined>;
}
