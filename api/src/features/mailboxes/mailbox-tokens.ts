import { SignJWT, jwtVerify } from 'jose';
import type { Mailbox } from './mailbox-store.js';

export interface MailboxTokenClaims {
  /** The mailbox (mail.tm account) id. */
  mailboxId: string;
  address: string;
  /** The mailbox's token generation when it was issued (see Mailbox.tokenGeneration). */
  generation: number;
}

/** Verified tokens remembered, so a polling client costs one HMAC per token, not per request. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * The bearer JWTs of the mail.tm surface and `/v1` (HS256 with the server's secret). A token
 * names its mailbox and the mailbox's token generation; whether that mailbox still exists,
 * is live and is still in that generation is checked on every request, so deleting or
 * expiring it, or its owner signing out everywhere, revokes its tokens.
 */
export function createMailboxTokens(secret: Uint8Array, now: () => number) {
  // Keyed by the whole token: the same string verified once is the same signature.
  const verified = new Map<string, { claims: MailboxTokenClaims; expiresAt: number }>();

  return {
    /** A token for `mailbox` that lives as long as the mailbox does. */
    async issue(mailbox: Pick<Mailbox, 'id' | 'address' | 'expiresAt' | 'tokenGeneration'>) {
      const issuedAt = Math.floor(now() / 1000);
      // Generation 0 is left out: such a token reads as every token did before there were any.
      const generation = mailbox.tokenGeneration ? { gen: mailbox.tokenGeneration } : {};
      return new SignJWT({ address: mailbox.address, ...generation })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(mailbox.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.max(issuedAt + 1, Math.ceil(mailbox.expiresAt / 1000)))
        .sign(secret);
    },

    /** The claims of a valid token, or undefined for anything else (bad signature, alg, expiry). */
    async verify(token: string): Promise<MailboxTokenClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now()) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const { sub, address, gen = 0 } = payload;
        if (typeof sub !== 'string' || typeof address !== 'string' || !Number.isInteger(gen))
          return undefined;
        const claims = { mailboxId: sub, address, generation: gen as number };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

export type MailboxTokens = ReturnType<typeof createMailboxTokens>;
