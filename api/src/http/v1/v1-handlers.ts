import type { Response } from 'express';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { limitAddressCreation } from '../limit-address-creation.js';
import { refuseAlias } from '../refuse-alias.js';
import {
  LIST_LIMIT,
  messageDetailResource,
  messageSummaryResource,
} from '../mailbox-views/message-resources.js';
import { sendMessageAttachment } from '../mailbox-views/send-message-attachment.js';
import { sendMessageSource } from '../mailbox-views/send-message-source.js';
import { streamMailboxEvents } from '../mailbox-views/stream-mailbox-events.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { arrivedAsHead } from '../answer-head-as-get.js';
import { callerOf, rateWindowsOf } from './guard-public-api.js';
import { callerMailboxes, requireToken } from './identify-caller.js';
import { createListBodyCache } from './cache-list-bodies.js';
import { isNotModified, listValidators } from './list-validators.js';
import { waitForNextMessage } from './wait-for-next-message.js';
import { isAccount } from '../../features/users/is-account.js';

const notFound = () => new ApiError(404, 'not_found', 'Message not found.');

/** The public developer API (openapi/src/public): bearer tokens, rate limits, ETags. */
export function v1Handlers(
  services: Services,
): SurfaceHandlers<
  | 'generateEmail'
  | 'listDomains'
  | 'getIdentity'
  | 'listMessages'
  | 'getMessage'
  | 'updateMessage'
  | 'deleteMessage'
  | 'getMessageRaw'
  | 'getMessageAttachment'
  | 'streamEvents'
  | 'getNextMessage'
> {
  const { config } = services;
  const listBodies = createListBodyCache();
  const addressCreation = limitAddressCreation(services);

  /** The mailboxes the caller's token reads: their ids, and the address of each. */
  async function scope(response: Response) {
    const mailboxes = await callerMailboxes(requireToken(callerOf(response)), services);
    const ids = mailboxes.map((mailbox) => mailbox.id);
    const addressOf = (mailboxId: string) =>
      mailboxes.find((mailbox) => mailbox.id === mailboxId)!.address;
    return { mailboxes, ids, addressOf };
  }

  return {
    async generateEmail(request, response) {
      const caller = callerOf(response);
      const customAlias = request.body?.customAlias;
      const user = caller.kind === 'api_token' ? caller.user : undefined;
      const pro = user !== undefined && caller.tier === 'pro';
      if (customAlias !== undefined && !pro) {
        throw new ApiError(
          403,
          'pro_required',
          'Choosing the address (customAlias) needs a Pro API token.',
        );
      }
      const place = await addressCreation.take(request);
      let result;
      try {
        result =
          customAlias === undefined
            ? {
                ok: true as const,
                mailbox: await services.mailboxes.generate(user, services.now()),
              }
            : await services.mailboxes.generateNamed(user, services.now(), customAlias);
      } catch (error) {
        await place.giveBack();
        throw error;
      }
      if (!result.ok) {
        await place.giveBack();
        throw refuseAlias(result.violations);
      }
      const { mailbox } = result;
      const token = await services.mailboxTokens.issue(mailbox);
      response.status(201).json({
        address: mailbox.address,
        domain: mailbox.address.split('@')[1]!,
        expiresAt: new Date(mailbox.expiresAt).toISOString(),
        token,
      });
    },

    listDomains(_request, response) {
      response.json({ domains: config.mailDomains });
    },

    async getIdentity(_request, response) {
      const caller = requireToken(callerOf(response));
      const mailboxes = await callerMailboxes(caller, services);
      const user = caller.kind === 'api_token' ? caller.user : caller.owner;
      const header = (name: string) => Number(response.getHeader(name) ?? 0);
      response.json({
        kind: caller.kind,
        plan: user?.plan ?? 'free',
        isPro: user ? isPro(user, services.now()) : false,
        proExpiresAt: user?.proExpiresAt ? new Date(user.proExpiresAt).toISOString() : null,
        mailboxes: mailboxes.map((mailbox) => ({
          address: mailbox.address,
          expiresAt: new Date(mailbox.expiresAt).toISOString(),
        })),
        rateLimit: {
          limit: header('RateLimit-Limit'),
          remaining: header('RateLimit-Remaining'),
          reset: header('RateLimit-Reset'),
          windows: rateWindowsOf(response).map(({ limit, remaining, reset, window }) => ({
            limit,
            remaining,
            reset,
            window,
          })),
        },
      });
    },

    async listMessages(request, response) {
      let { mailboxes } = await scope(response);
      const wanted = request.query.mailbox;
      if (wanted !== undefined) {
        const address = wanted.trim().toLowerCase();
        mailboxes = mailboxes.filter((mailbox) => mailbox.address === address);
        if (mailboxes.length === 0) {
          throw new ApiError(403, 'forbidden', `This token cannot read ${wanted}.`);
        }
      }
      const limit = request.query.limit ?? LIST_LIMIT;
      const { before } = request.query;
      const validators = listValidators(mailboxes, `${limit}:${before ?? ''}`);
      response.setHeader('ETag', validators.etag);
      response.setHeader('Last-Modified', validators.lastModified);
      // Clients and proxies may keep it, but must ask before reusing it.
      response.setHeader('Cache-Control', 'private, no-cache');
      if (isNotModified(request, validators)) {
        response.status(304).end();
        return;
      }
      const cached = listBodies.get(validators.etag);
      if (cached) {
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(cached);
        return;
      }
      const ids = mailboxes.map((mailbox) => mailbox.id);
      const addresses = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.address]));
      const page = await services.messages.list(ids, { limit, parsedOnly: true, before });
      if (!page) throw notFound();
      const body = {
        messages: page.messages.map((message) =>
          messageSummaryResource(message, addresses.get(message.mailboxId)!),
        ),
        total: page.total,
      };
      response.json(body);
      // Kept only if nothing changed while it was read: then it is exactly this ETag's list.
      const versions = await services.mailboxes.listVersions(ids);
      if (mailboxes.every((mailbox) => versions.get(mailbox.id) === mailbox.listVersion)) {
        listBodies.set(validators.etag, Buffer.from(JSON.stringify(body)));
      }
    },

    async getMessage(request, response) {
      const { ids, addressOf } = await scope(response);
      // A HEAD looks without reading: the message stays unseen.
      const message = await services.messages.read(request.params.id, ids, {
        markSeen: !arrivedAsHead(request),
      });
      if (!message) throw notFound();
      response.json(messageDetailResource(message, addressOf(message.mailboxId)));
    },

    async updateMessage(request, response) {
      const { ids, addressOf } = await scope(response);
      const message = await services.messages.setSeen(request.params.id, ids, request.body.seen);
      if (!message) throw notFound();
      response.json(messageDetailResource(message, addressOf(message.mailboxId)));
    },

    async deleteMessage(request, response) {
      const { ids } = await scope(response);
      if (!(await services.messages.delete(request.params.id, ids))) throw notFound();
      response.status(204).end();
    },

    async getMessageRaw(request, response) {
      const { ids } = await scope(response);
      await sendMessageSource(services, response, {
        messageId: request.params.id,
        mailboxIds: ids,
      });
    },

    async getMessageAttachment(request, response) {
      const { ids } = await scope(response);
      await sendMessageAttachment(services, response, {
        messageId: request.params.id,
        attachmentId: request.params.attachmentId,
        mailboxIds: ids,
      });
    },

    async getNextMessage(request, response) {
      const { mailboxes } = await scope(response);
      const { address } = request.params;
      const mailbox = mailboxes.find((one) => one.address === address.trim().toLowerCase());
      if (!mailbox) throw new ApiError(403, 'forbidden', `This token cannot read ${address}.`);
      const { after, since, timeout = 30, from, subject } = request.query;
      await waitForNextMessage(request, response, services, mailbox, {
        after,
        since,
        // A HEAD asks whether the next message is already here (200) or not (204): nobody
        // holds a connection open for headers alone.
        timeout: arrivedAsHead(request) ? 0 : timeout,
        from,
        subject,
      });
    },

    async streamEvents(request, response) {
      const caller = requireToken(callerOf(response));
      const mailboxes = await callerMailboxes(caller, services);
      await streamMailboxEvents(request, response, services, {
        mailboxes,
        endsAt: caller.kind === 'mailbox' ? caller.mailbox.expiresAt : undefined,
        // A Pro API token's stream ends when the token is rotated away; an account's mailbox
        // token's, when the account signs out everywhere (a visitor's or a free mailbox's has
        // no other device to be signed out of, and ends with its mailbox).
        refresh:
          caller.kind === 'api_token'
            ? async () =>
                (await services.apiTokens.isLive(caller.tokenHash))
                  ? callerMailboxes(caller, services)
                  : null
            : caller.owner && isAccount(caller.owner)
              ? async () => {
                  const mailbox = await services.mailboxes.findLive(caller.claims, services.now());
                  return mailbox ? [mailbox] : null;
                }
              : undefined,
      });
    },
  };
}
