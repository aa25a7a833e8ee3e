import type { Services } from '../../services.js';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import { ApiError } from '../api-error.js';
import type { AnyOperationRequest } from '../operation-handlers.js';
import { readCookie } from '../read-cookie.js';

/** Mercure's cookie for EventSource clients, which cannot send an Authorization header. */
const MERCURE_COOKIE = 'mercureAuthorization';

/** The Mercure cookie's token; an empty one is none. */
const mercureCookie = (request: AnyOperationRequest): string | undefined =>
  readCookie(request, MERCURE_COOKIE) || undefined;

/** What an EventSource client of the hub sends: the hub's `authorization` query value, if any. */
interface EventSourceCredentials {
  authorization: string | undefined;
}

/**
 * The bearer token from the Authorization header or, for EventSource clients of the hub,
 * from what Mercure lets them use instead: the `authorization` query parameter (kept for
 * existing mail.tm clients) or the `mercureAuthorization` cookie (what our dashboard uses,
 * so that no credential sits in a URL).
 */
function bearerToken(
  request: AnyOperationRequest,
  eventSource: EventSourceCredentials | undefined,
): string | undefined {
  const header = request.headers.authorization;
  const fromHeader = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (fromHeader) return fromHeader;
  if (!eventSource) return undefined;
  if (eventSource.authorization !== undefined) {
    return eventSource.authorization.replace(/^Bearer\s+/i, '') || undefined;
  }
  return mercureCookie(request);
}

/**
 * The live mailbox a mail.tm JWT names; `eventSource` is given by the hub, whose clients may
 * send it another way. Refused with mail.tm's 401 texts: no token, or one that is forged,
 * expired, or names a mailbox that was deleted or has expired.
 */
export async function authenticateMailbox(
  request: AnyOperationRequest,
  services: Services,
  eventSource?: EventSourceCredentials,
): Promise<Mailbox> {
  const token = bearerToken(request, eventSource);
  if (!token) throw new ApiError(401, 'unauthorized', 'JWT Token not found');
  const claims = await services.mailboxTokens.verify(token);
  const mailbox = claims && (await services.mailboxes.findLive(claims, services.now()));
  if (!mailbox) {
    throw new ApiError(401, 'unauthorized', 'Invalid JWT Token');
  }
  return mailbox;
}
