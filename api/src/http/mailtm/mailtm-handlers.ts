import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { components } from '@tempmail/openapi/operations';
import type { MailboxEvent, MessageDetail } from '../../features/messages/message-types.js';
import { FREE_MAILBOX_LIFETIME_MS } from '../../features/mailboxes/lifetimes.js';
import { openEventStream } from '../event-stream.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { peekAtWindows } from '../../features/limits/create-limiter.js';
import { tooManyRequests } from '../rate-limit.js';
import { limitAddressCreation } from '../limit-address-creation.js';
import { sendAttachment, sendSource } from '../mailbox-views/send-download.js';
import { catchUpAfterGaps, sentIds } from '../mailbox-views/catch-up-after-gap.js';
import { STREAM_RECHECK_MS } from '../mailbox-views/stream-mailbox-events.js';
import type { AnyOperationRequest, OperationId, SurfaceHandlers } from '../operation-handlers.js';
import { authenticateMailbox } from './authenticate-mailbox.js';
import {
  PAGE_SIZE,
  accountResource,
  domainId,
  domainResource,
  messageDetailResource,
  messageResource,
  sendCollection,
  sendResource,
  wantsJsonLd,
} from './mailtm-resources.js';
import { isAccount } from '../../features/users/is-account.js';

const notFound = () => new ApiError(404, 'not_found', 'Not Found');

/**
 * Wrong passwords one address may take an hour at `POST /token`, from anywhere. The per-IP
 * rate alone would let many IPs, or the visitors of a page that calls us (CORS, ADR 0029),
 * guess one mailbox's password together. Past it the address's `/token` answers 429 for
 * the rest of the hour, to the right password too; a token already held keeps working. Any
 * address counts alike, so the answer says nothing of whether it exists.
 */
const WRONG_PASSWORDS_PER_ADDRESS_HOUR = 20;

/** Account frames (with `used`) on a Mercure stream come at most this often. */
const ACCOUNT_FRAME_MS = 250;

type Schemas = components['schemas'];

/** An account as mail.tm sends it, in either form. */
type AccountBody = Schemas['MailTmAccount'] | Schemas['MailTmAccountJsonLd'];

/** A message as mail.tm sends it, in either form. */
type MessageBody = Schemas['MailTmMessageDetail'] | Schemas['MailTmMessageDetailJsonLd'];

/** The mail.tm-compatible API (see openapi/src/mailtm), in mail.tm's wire format. */
export function mailTmHandlers(
  services: Services,
): SurfaceHandlers<Extract<OperationId, `mailTm${string}`>> {
  const { mailboxes, config } = services;
  const domainsSince = services.now();
  const addressCreation = limitAddressCreation(services);
  const wrongPasswords = services.createLimiter(
    'mailtm-wrong-passwords-hour',
    WRONG_PASSWORDS_PER_ADDRESS_HOUR,
    3600,
  );

  /** The account; `id` is its IRI, `/me` when it was asked for as the caller. */
  async function sendAccount(
    request: AnyOperationRequest,
    response: Response<AccountBody>,
    status: number,
    mailboxId: string,
    id = `/accounts/${mailboxId}`,
  ) {
    const mailbox = await mailboxes.find(mailboxId);
    if (!mailbox) throw notFound();
    const used = await services.messages.usedBytes(mailbox.id);
    sendResource(
      request,
      response,
      status,
      { context: '/contexts/Account', id, type: 'Account' },
      accountResource(mailbox, used),
    );
  }

  function sendMessage(
    request: AnyOperationRequest,
    response: Response<MessageBody>,
    message: MessageDetail,
    expiresAt: number,
  ) {
    sendResource(
      request,
      response,
      200,
      { context: '/contexts/Message', id: `/messages/${message.id}`, type: 'Message' },
      messageDetailResource(message, expiresAt),
    );
  }

  return {
    mailTmListDomains(request, response) {
      const page = request.query.page ?? 1;
      const items = config.mailDomains
        .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
        .map((domain) => domainResource(domain, domainsSince));
      sendCollection(request, response, {
        context: '/contexts/Domain',
        path: '/domains',
        type: 'Domain',
        idOf: (item) => `/domains/${item.id}`,
        items,
        total: config.mailDomains.length,
        page,
      });
    },

    mailTmGetDomain(request, response) {
      const domain = config.mailDomains.find(
        (candidate) => domainId(candidate) === request.params.id,
      );
      if (!domain) throw notFound();
      sendResource(
        request,
        response,
        200,
        { context: '/contexts/Domain', id: `/domains/${domainId(domain)}`, type: 'Domain' },
        domainResource(domain, domainsSince),
      );
    },

    async mailTmCreateAccount(request, response) {
      const { address, password } = request.body;
      const place = await addressCreation.take(request);
      const now = services.now();
      const result = await mailboxes.create({
        address,
        password,
        ownerUserId: null,
        now,
        expiresAt: now + FREE_MAILBOX_LIFETIME_MS,
      });
      if (!result.ok) {
        await place.giveBack();
        throw new ApiError(
          422,
          'validation_failed',
          result.violations
            .map((violation) => `${violation.propertyPath}: ${violation.message}`)
            .join('\n'),
          result.violations.map((violation) => ({
            path: `/body/${violation.propertyPath}`,
            message: violation.message,
          })),
        );
      }
      await sendAccount(request, response, 201, result.mailbox.id);
    },

    async mailTmCreateToken(request, response) {
      const { address, password } = request.body;
      const key = address.trim().toLowerCase();
      const tried = await peekAtWindows([wrongPasswords], key);
      if (!tried.allowed) {
        throw tooManyRequests(
          { ...tried, retryAfter: Math.max(1, tried.reset) },
          `Too many wrong passwords for this address. Try again in ${String(Math.max(1, tried.reset))} seconds.`,
        );
      }
      const mailbox = await mailboxes.signIn(address, password, services.now());
      if (!mailbox) {
        // Only the wrong ones count: the owner's right password spends nothing.
        await wrongPasswords.consume(key).catch(() => undefined);
        throw new ApiError(401, 'unauthorized', 'Invalid credentials.');
      }
      const token = await services.mailboxTokens.issue(mailbox);
      // The same plain object in either form; only the media type follows `Accept`.
      response
        .status(200)
        .type(wantsJsonLd(request) ? 'application/ld+json' : 'application/json')
        .json({ id: mailbox.id, token });
    },

    async mailTmGetMe(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      await sendAccount(request, response, 200, mailbox.id, '/me');
    },

    async mailTmGetAccount(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      if (request.params.id !== mailbox.id) throw notFound();
      await sendAccount(request, response, 200, mailbox.id);
    },

    async mailTmDeleteAccount(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      if (request.params.id !== mailbox.id) throw notFound();
      await mailboxes.delete(mailbox.id);
      response.status(204).end();
    },

    async mailTmListMessages(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const page = request.query.page ?? 1;
      const { messages, total } = await services.messages.list([mailbox.id], {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      sendCollection(request, response, {
        context: '/contexts/Message',
        path: '/messages',
        type: 'Message',
        idOf: (item) => `/messages/${item.id}`,
        items: messages.map((message) => messageResource(message)),
        total,
        page,
      });
    },

    async mailTmGetMessage(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const message = await services.messages.read(request.params.id, [mailbox.id]);
      if (!message) throw notFound();
      sendMessage(request, response, message, mailbox.expiresAt);
    },

    async mailTmUpdateMessage(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const { seen } = request.body;
      const message = await services.messages.setSeen(request.params.id, [mailbox.id], seen);
      if (!message) throw notFound();
      sendMessage(request, response, message, mailbox.expiresAt);
    },

    async mailTmDeleteMessage(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      if (!(await services.messages.delete(request.params.id, [mailbox.id]))) throw notFound();
      response.status(204).end();
    },

    async mailTmDownloadMessage(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const id = request.params.id;
      const raw = await services.messages.readSource(id, [mailbox.id]);
      if (!raw) throw notFound();
      sendSource(response, id, raw);
    },

    async mailTmGetAttachment(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const attachment = await services.messages.readAttachment(
        request.params.id,
        request.params.attachmentId,
        [mailbox.id],
      );
      if (!attachment) throw notFound();
      sendAttachment(response, attachment);
    },

    async mailTmGetSource(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const id = request.params.id;
      const raw = await services.messages.readSource(id, [mailbox.id]);
      if (!raw) throw notFound();
      sendResource(
        request,
        response,
        200,
        { context: '/contexts/Source', id: `/sources/${id}`, type: 'Source' },
        { id, downloadUrl: `/messages/${id}/download`, data: Buffer.from(raw).toString('utf8') },
      );
    },

    async mailTmSubscribe(request, response) {
      const mailbox = await authenticateMailbox(request, services, {
        authorization: request.query.authorization,
      });
      if (request.query.topic !== `/accounts/${mailbox.id}`) throw notFound();
      // Read before the stream opens: nothing below it may wait (its clean-up is set last).
      const owner = mailbox.ownerUserId
        ? await services.accounts.find(mailbox.ownerUserId)
        : undefined;
      const stream = openEventStream(request, response);
      const send = (resource: Schemas['MailTmAccountJsonLd'] | Schemas['MailTmMessageJsonLd']) =>
        stream.send({ id: `urn:uuid:${randomUUID()}`, data: JSON.stringify(resource) });

      // `used` is a sum over the mailbox: computed at most once per ACCOUNT_FRAME_MS, not per
      // message, so a busy inbox does not cost a scan per arrival.
      let accountFrame: NodeJS.Timeout | undefined;
      const sendAccount = async () => {
        accountFrame = undefined;
        const used = await services.messages.usedBytes(mailbox.id);
        send({
          '@context': '/contexts/Account',
          '@id': `/accounts/${mailbox.id}`,
          '@type': 'Account',
          ...accountResource(mailbox, used),
        });
      };
      const onEvent = (event: MailboxEvent) => {
        send({
          '@context': '/contexts/Message',
          '@id': `/messages/${event.message.id}`,
          '@type': 'Message',
          ...messageResource(event.message, event.type === 'message.deleted'),
        });
        if (!accountFrame) {
          accountFrame = setTimeout(() => {
            sendAccount().catch((error: unknown) =>
              services.logger.warn(
                { err: error, requestId: request.id },
                'mercure: could not send the account',
              ),
            );
          }, ACCOUNT_FRAME_MS);
        }
      };
      // Arrivals sent on this stream, so a catch-up after a gap in cross-node delivery (Redis
      // away) sends only what the stream missed.
      const arrived = sentIds();
      const onArrival = (event: MailboxEvent) => {
        if (event.type !== 'message.received' || arrived.firstTime(event.message.id))
          onEvent(event);
      };
      const unsubscribe = services.events.subscribe(mailbox.id, onArrival);
      const stopResync = catchUpAfterGaps(
        services,
        request.id,
        () => [mailbox.id],
        (message) => onArrival({ type: 'message.received', mailboxId: mailbox.id, message }),
      );
      // An account's mailbox: its token is checked again every few seconds, so the stream
      // ends once the account signs out everywhere (the token's generation is over) or the
      // mailbox is gone. A visitor's mailbox (the free inbox) has no other device to be
      // signed out of: its stream is not checked, and costs nothing while it waits.
      const recheck =
        owner && isAccount(owner)
          ? setInterval(() => {
              authenticateMailbox(request, services, {
                authorization: request.query.authorization,
              }).catch((error: unknown) => {
                // Refused: the stream ends. A database that did not answer is asked again.
                if (error instanceof ApiError) stream.close();
              });
            }, STREAM_RECHECK_MS)
          : undefined;
      stream.onClose(() => {
        clearTimeout(accountFrame);
        clearInterval(recheck);
        stopResync();
        unsubscribe();
      });
    },
  };
}
