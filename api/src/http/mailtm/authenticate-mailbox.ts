import type { Request } from 'express';
import type { Services } from '../../services.js';
import type { Mailbox } from '../../storage/repositories/mailboxes.js';
import { ApiError } from '../api-error.js';

/** The bearer token from the Authorization header, or (for EventSource) a query parameter. */
function bearerToken(request: Request, allowQuery: boolean): string | undefined {
  const header = request.headers.authorization;
  const fromHeader = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (fromHeader) return fromHeader;
  if (allowQuery && typeof request.query.authorization === 'string') {
    return request.query.authorization.replace(/^Bearer\s+/i, '') || undefined;
  }
  return undefined;
}

/**
 * The live mailbox a mail.tm JWT names. Refused with mail.tm's 401 texts: no token, or one
 * that is forged, expired, or names a mailbox that was deleted or has expired.
 */
export async function authenticateMailbox(
  request: Request,
  services: Services,
  options: { allowQueryToken?: boolean } = {},
): Promise<Mailbox> {
  const token = bearerToken(request, options.allowQueryToken ?? false);
  if (!token) throw new ApiError(401, 'unauthorized', 'JWT Token not found');
  const claims = await services.mailboxTokens.verify(token);
  const mailbox = claims && (await services.repositories.mailboxes.findById(claims.mailboxId));
  if (!mailbox || mailbox.expiresAt <= services.now()) {
    throw new ApiError(401, 'unauthorized', 'Invalid JWT Token');
  }
  return mailbox;
}
