import { SignJWT, jwtVerify } from 'jose';

export interface MailboxTokenClaims {
  /** The mailbox (mail.tm account) id. */
  mailboxId: string;
  address: string;
}

/**
 * The bearer JWTs of the mail.tm surface (HS256 with the server's secret). A token names
 * its mailbox; whether that mailbox still exists and is live is checked on every request,
 * so deleting or expiring it revokes its tokens.
 */
export function createMailboxTokens(secret: Uint8Array, now: () => number) {
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
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.address !== 'string')
          return undefined;
        return { mailboxId: payload.sub, address: payload.address };
      } catch {
        return undefined;
      }
    },
  };
}

export type MailboxTokens = ReturnType<typeof createMailboxTokens>;
