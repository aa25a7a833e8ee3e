import type { Request } from 'express';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { User } from '../../features/users/user-store.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from '../client-address.js';
import type { RateTier } from './api-rate-limiter.js';
import type { MailboxTokenClaims } from '../../features/mailboxes/mailbox-tokens.js';

/**
 * Who is calling `/v1`, and the key and tier their rate limit is counted under: the account,
 * never the token, so that a new token is never a new budget.
 */
export type Caller =
  | { kind: 'anonymous'; rateKey: string; tier: 'free' }
  | {
      kind: 'mailbox';
      rateKey: string;
      tier: RateTier;
      mailbox: Mailbox;
      /** What the token says: checked again while a stream it opened lives. */
      claims: MailboxTokenClaims;
      /** The Pro user who made the mailbox with their API token, if any. */
      owner: User | undefined;
    }
  | { kind: 'api_token'; rateKey: string; tier: RateTier; user: User; tokenHash: string };

/** Pro API tokens are random and start with this; anything else is read as a mailbox JWT. */
const API_TOKEN_PREFIX = 'tm_';

const invalidToken = () =>
  new ApiError(401, 'unauthorized', 'The bearer token is invalid or has expired.');

function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (token) return token;
  // Another scheme (Basic, a bare token) is a mistake in the call, not a stale token.
  if (!/^Bearer\b/i.test(header)) {
    throw new ApiError(
      401,
      'unauthorized',
      'Send the token as "Authorization: Bearer <token>"; other schemes are not accepted.',
    );
  }
  throw invalidToken();
}

/**
 * Identifies a `/v1` caller from the Authorization header: nobody (counted by IP), a mailbox
 * token (the mailbox must still exist and be live), or a Pro API token (must not be rotated
 * away). A token that is sent but not valid is refused, never treated as anonymous.
 */
export async function identifyCaller(request: Request, services: Services): Promise<Caller> {
  const token = bearerToken(request);
  if (token === undefined) {
    return { kind: 'anonymous', rateKey: `ip:${clientAddress(request)}`, tier: 'free' };
  }
  const now = services.now();
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const holder = await services.apiTokens.identify(token);
    if (!holder) throw invalidToken();
    const { user, tokenHash } = holder;
    return {
      kind: 'api_token',
      rateKey: `user:${user.id}`,
      tier: isPro(user, now) ? 'pro' : 'free',
      user,
      tokenHash,
    };
  }
  const claims = await services.mailboxTokens.verify(token);
  const mailbox = claims && (await services.mailboxes.findLive(claims, now));
  if (!mailbox) throw invalidToken();
  const owner = mailbox.ownerUserId ? await services.accounts.find(mailbox.ownerUserId) : undefined;
  return {
    kind: 'mailbox',
    // A Pro user's mailboxes count with their API tokens: generating mailboxes with the API
    // token and calling with their tokens must not multiply the user's hourly limit.
    rateKey: owner ? `user:${owner.id}` : `mailbox:${mailbox.id}`,
    tier: owner && isPro(owner, now) ? 'pro' : 'free',
    mailbox,
    claims,
    owner,
  };
}

/** A caller who sent a valid token: every call that reads mailboxes needs one. */
export type TokenCaller = Exclude<Caller, { kind: 'anonymous' }>;

/** The caller, who must have sent a token; an anonymous one is refused with 401. */
export function requireToken(caller: Caller): TokenCaller {
  if (caller.kind === 'anonymous') {
    throw new ApiError(401, 'unauthorized', 'This call needs a bearer token.');
  }
  return caller;
}

/** The live mailboxes a caller reads: its own, or every live one of the token's user. */
export async function callerMailboxes(caller: TokenCaller, services: Services): Promise<Mailbox[]> {
  if (caller.kind === 'mailbox') return [caller.mailbox];
  return services.mailboxes.listLive(caller.user.id, services.now());
}
