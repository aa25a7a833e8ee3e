import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { components } from '@tempmail/openapi/operations';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { MessageDetail, MessageSummary } from '../../features/messages/message-types.js';
import type { AnyOperationRequest } from '../operation-handlers.js';
import { DOWNLOAD_PATHS } from '../mailbox-views/message-resources.js';

type Schemas = components['schemas'];

/** mail.tm's page size for /domains and /messages. */
export const PAGE_SIZE = 30;
/** What mail.tm reports as every account's quota (bytes). */
export const QUOTA_BYTES = 40_000_000;

/** mail.tm writes times with an offset, never `Z`: 2026-11-22T09:30:00+00:00. */
export function mailTmTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** A domain's id: stable across restarts and nodes, in mail.tm's 24-hex shape. */
export function domainId(domain: string): string {
  return createHash('sha256').update(domain).digest('hex').slice(0, 24);
}

/** JSON-LD (mail.tm's default) unless the client prefers plain JSON. */
export function wantsJsonLd(request: AnyOperationRequest): boolean {
  return request.accepts(['application/ld+json', 'application/json']) !== 'application/json';
}

/** A resource's JSON-LD keys, as a handler names them. */
interface LinkedData<Context extends string, Type extends string> {
  context: Context;
  id: string;
  type: Type;
}

/** A resource in its JSON-LD form: its keys first, then its own. */
type Linked<Body, Context extends string, Type extends string> = {
  '@context': Context;
  '@id': string;
  '@type': Type;
} & Body;

/** A member of a Hydra collection: its IRI and type, then its own keys. */
type Member<Item, Type extends string> = { '@id': string; '@type': Type } & Item;

/** A page of a collection in the Hydra envelope. */
interface HydraCollection<Item, Context extends string, Path extends string, Type extends string> {
  '@context': Context;
  '@id': Path;
  '@type': 'hydra:Collection';
  'hydra:member': Member<Item, Type>[];
  'hydra:totalItems': number;
  'hydra:view'?: Schemas['MailTmHydraView'];
}

/**
 * Sends a resource: with its JSON-LD keys for ld+json, without them for plain JSON. The
 * response takes both forms of `body`, so tsc holds each to the handler's operation.
 */
export function sendResource<Body extends object, Context extends string, Type extends string>(
  request: AnyOperationRequest,
  response: Response<NoInfer<Body | Linked<Body, Context, Type>>>,
  status: number,
  linkedData: LinkedData<Context, Type>,
  body: Body,
): void {
  if (wantsJsonLd(request)) {
    response
      .status(status)
      .type('application/ld+json')
      .json({
        '@context': linkedData.context,
        '@id': linkedData.id,
        '@type': linkedData.type,
        ...body,
      });
  } else {
    response.status(status).type('application/json').json(body);
  }
}

/**
 * Sends a collection: the Hydra envelope (with `hydra:view` only when there is more than
 * one page) for ld+json, a plain array for plain JSON; both held to the operation by tsc.
 */
export function sendCollection<
  Item extends object,
  Context extends string,
  Path extends string,
  Type extends string,
>(
  request: AnyOperationRequest,
  response: Response<NoInfer<Item[] | HydraCollection<Item, Context, Path, Type>>>,
  collection: {
    context: Context;
    path: Path;
    type: Type;
    idOf: (item: Item) => string;
    items: Item[];
    total: number;
    page: number;
  },
): void {
  if (!wantsJsonLd(request)) {
    response.status(200).type('application/json').json(collection.items);
    return;
  }
  const lastPage = Math.max(1, Math.ceil(collection.total / PAGE_SIZE));
  const pageUrl = (page: number) => `${collection.path}?page=${page}`;
  const view: { 'hydra:view'?: Schemas['MailTmHydraView'] } =
    lastPage > 1
      ? {
          'hydra:view': {
            '@id': pageUrl(collection.page),
            '@type': 'hydra:PartialCollectionView',
            'hydra:first': pageUrl(1),
            'hydra:last': pageUrl(lastPage),
            ...(collection.page < lastPage ? { 'hydra:next': pageUrl(collection.page + 1) } : {}),
            ...(collection.page > 1 ? { 'hydra:previous': pageUrl(collection.page - 1) } : {}),
          },
        }
      : {};
  response
    .status(200)
    .type('application/ld+json')
    .json({
      '@context': collection.context,
      '@id': collection.path,
      '@type': 'hydra:Collection',
      'hydra:member': collection.items.map((item) => ({
        '@id': collection.idOf(item),
        '@type': collection.type,
        ...item,
      })),
      'hydra:totalItems': collection.total,
      ...view,
    });
}

export function domainResource(domain: string, since: number): Schemas['MailTmDomain'] {
  return {
    id: domainId(domain),
    domain,
    isActive: true,
    isPrivate: false,
    createdAt: mailTmTime(since),
    updatedAt: mailTmTime(since),
  };
}

export function accountResource(mailbox: Mailbox, used: number): Schemas['MailTmAccount'] {
  return {
    id: mailbox.id,
    address: mailbox.address,
    quota: QUOTA_BYTES,
    used,
    isDisabled: false,
    isDeleted: false,
    createdAt: mailTmTime(mailbox.createdAt),
    updatedAt: mailTmTime(mailbox.createdAt),
  };
}

export function messageResource(
  message: MessageSummary,
  isDeleted = false,
): Schemas['MailTmMessage'] {
  return {
    id: message.id,
    accountId: `/accounts/${message.mailboxId}`,
    msgid: message.msgid ?? '',
    from: { address: message.from.address, name: message.from.name },
    to: message.to.map((to) => ({ address: to.address, name: to.name })),
    subject: message.subject,
    intro: message.intro,
    seen: message.seen,
    isDeleted,
    hasAttachments: message.hasAttachments,
    size: message.size,
    downloadUrl: `/messages/${message.id}/download`,
    sourceUrl: `/sources/${message.id}`,
    createdAt: mailTmTime(message.receivedAt),
    updatedAt: mailTmTime(message.receivedAt),
  };
}

export function messageDetailResource(
  message: MessageDetail,
  retentionDate: number,
): Schemas['MailTmMessageDetail'] {
  const summary = messageResource(message);
  const lowerHtml = message.html.toLowerCase();
  return {
    ...summary,
    cc: message.cc.map((cc) => ({ address: cc.address, name: cc.name })),
    bcc: message.bcc.map((bcc) => ({ address: bcc.address, name: bcc.name })),
    flagged: false,
    // TLS is recorded at receipt; SPF and DKIM are not checked: say so rather than claim it.
    verifications: { tls: message.tls, spf: false, dkim: false },
    retention: true,
    retentionDate: mailTmTime(retentionDate),
    text: message.text,
    html: message.html ? [message.html] : [],
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      disposition: attachment.disposition,
      transferEncoding: 'base64',
      // mail.tm's `related`: the HTML body shows the part, by its Content-ID.
      related:
        attachment.contentId !== null &&
        lowerHtml.includes(`cid:${attachment.contentId.toLowerCase()}`),
      size: attachment.size,
      downloadUrl: DOWNLOAD_PATHS.mailTm(message.id, attachment.id),
    })),
  };
}
