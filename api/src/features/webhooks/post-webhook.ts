import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './check-webhook-target.js';

/** How long a receiver has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer (its status is what counts); the rest is cut off. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** A delivery refused before any byte left: the target resolved to an address not allowed. */
export class WebhookTargetError extends Error {}

export interface PostWebhookOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Private, loopback and link-local targets allowed (an operator's self-hosting choice). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** How host names are resolved; the system's resolver unless a test gives another. */
  lookup?: LookupFunction;
}

export interface WebhookAnswer {
  status: number;
  durationMs: number;
}

/**
 * A resolver that refuses, at connect time, an address that is not public: the check a
 * URL passed when it was registered says nothing of what its name resolves to now (DNS
 * rebinding), so it is made on the very address the socket connects to.
 */
function guardedLookup(lookup: LookupFunction, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (Array.isArray(addresses) ? addresses : []) as dns.LookupAddress[];
      const allowed = list.filter((entry) => allowPrivate || isPublicAddress(entry.address));
      if (allowed.length === 0) {
        return callback(
          new WebhookTargetError(`${hostname} resolves to a private or loopback address`),
          '',
          0,
        );
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/**
 * POSTs one delivery and resolves with the receiver's status (any: the caller decides what
 * counts as delivered) and how long it took. Follows no redirect. Rejects on a refused
 * target (WebhookTargetError), a connection failure or the timeout.
 */
export function postWebhook(options: PostWebhookOptions): Promise<WebhookAnswer> {
  const url = new URL(options.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
    return Promise.reject(new WebhookTargetError(`${host} is a private or loopback address`));
  }
  const startedAt = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(options.body),
          'User-Agent': 'TempMail-Webhooks/1',
          ...options.headers,
        },
        lookup: guardedLookup(options.lookup ?? dns.lookup, options.allowPrivate),
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        // A fresh connection each time: a kept-alive socket would skip the address check.
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            durationMs: Math.round(performance.now() - startedAt),
          });
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${options.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`)),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
