import { SignJWT, jwtVerify } from 'jose';

export interface MailboxTokenClaims {
  /** The mailbox (mail.tm account) id. */
  mailboxId: string;
  address: string;
}

/** Verified tokens remembered, so a polling client costs one HMAC per token, not per request. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * The bearer JWTs of the mail.tm surface and `/v1` (HS256 with the server's secret). A token
 * names its mailbox; whether that mailbox still exists and is live is checked on every
 * request, so deleting or expiring it revokes its tokens.
 */
export function createMailboxTokens(secret: Uint8Array, now: () => number) {
  // Keyed by the whole token: the same string verified once is the same signature.
  const verified = new Map<string, { claims: MailboxTokenClaims; expiresAt: number }>();

  return {
    async issue(claims: MailboxTokenClaims, expiresAt: number): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ address: claims.address })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.mailboxId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.max(issuedAt + 1, Math.ceil(expiresAt / 1000)))
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
        if (typeof payload.sub !== 'string' || typeof payload.address !== 'string')
          return undefined;
        const claims = { mailboxId: payload.sub, address: payload.address };
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
