import { createHash } from 'node:crypto';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { AnyOperationRequest } from '../operation-handlers.js';

export interface ListValidators {
  /** Strong: changes with every change to what the listing shows. */
  etag: string;
  /** HTTP-date of the last change, at the second. */
  lastModified: string;
  lastModifiedSeconds: number;
}

/**
 * The validators of a listing of these mailboxes (and `page`, the paging parameters as
 * given), from the mailbox rows alone: each row's
 * change counter is bumped with every arrival, parse, seen change and deletion (migration
 * 0004), so nothing about the messages needs to be read to answer `304`.
 */
export function listValidators(mailboxes: readonly Mailbox[], page = ''): ListValidators {
  const hash = createHash('sha256');
  // Another page of the same mailboxes is another representation, with its own tag.
  hash.update(`${page};`);
  let changedAt = 0;
  for (const mailbox of [...mailboxes].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    hash.update(`${mailbox.id}:${mailbox.listVersion};`);
    changedAt = Math.max(changedAt, mailbox.listChangedAt);
  }
  const lastModifiedSeconds = Math.floor(changedAt / 1000);
  return {
    etag: `"${hash.digest('base64url').slice(0, 22)}"`,
    lastModified: new Date(lastModifiedSeconds * 1000).toUTCString(),
    lastModifiedSeconds,
  };
}

/**
 * Whether the client's copy is current (RFC 9110 section 13.2.2): If-None-Match decides when
 * sent (weak comparison, `*` matches); otherwise If-Modified-Since, when it is a valid date.
 */
export function isNotModified(request: AnyOperationRequest, validators: ListValidators): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === validators.etag);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && validators.lastModifiedSeconds <= Math.floor(since / 1000);
}
