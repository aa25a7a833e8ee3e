import {
  mailTmCreateAccount,
  mailTmCreateToken,
  mailTmListDomains,
  type Client,
} from '@tempmail/sdk';
import {
  ACCOUNT_CREATION_ATTEMPTS,
  FREE_ADDRESS_LIFETIME_MS,
  retryDelayMs,
} from './address-timing';
import type { PageAddress } from './page-address';

/** An address this browser made, with the account that reads it. */
export type GeneratedAddress = Required<PageAddress>;

/** Why no address could be made; each reason has its own message for the visitor. */
export type GenerateFailure =
  | 'domains-failed'
  | 'no-domains'
  | 'address-taken'
  | 'rate-limited'
  | 'account-failed'
  | 'unavailable';

export class GenerateAddressError extends Error {
  constructor(readonly reason: GenerateFailure) {
    super(`Address generation failed: ${reason}`);
    this.name = 'GenerateAddressError';
  }
}

export interface GenerateAddressOptions {
  client: Client;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const LOCAL_PART_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number, alphabet: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * The HTTP status of a call, or undefined when no answer came (network down). The generated
 * client reports an aborted fetch as an answer-less result, so abort is checked here.
 */
async function statusOf<T extends { response?: Response }>(
  call: Promise<T>,
  signal?: AbortSignal,
): Promise<{ result?: T; status?: number }> {
  const result = await call;
  signal?.throwIfAborted();
  return { result, status: result.response?.status };
}

/**
 * A new free address through the mail.tm-compatible API, as any mail.tm client makes one:
 * the first active domain, an account under a random local part with a password made here
 * (kept with the address: a Pro user's address is stored with it), then its token. A taken address (422)
 * is retried under a new name, and a server that did not answer or failed (5xx) is tried
 * again too, both with the spec's backoff; a 429 stops at once, since retrying would only
 * prolong the limit.
 */
export async function generateAddress({
  client,
  signal,
  now = Date.now,
  sleep = sleepFor,
}: GenerateAddressOptions): Promise<GeneratedAddress> {
  const domains = await statusOf(mailTmListDomains({ client, signal }), signal);
  if (domains.status === 429) throw new GenerateAddressError('rate-limited');
  const domainList = domains.result?.data?.['hydra:member'];
  if (!domainList) throw new GenerateAddressError('domains-failed');
  const domain = domainList.find((candidate) => candidate.isActive)?.domain;
  if (!domain) throw new GenerateAddressError('no-domains');

  for (let attempt = 0; attempt < ACCOUNT_CREATION_ATTEMPTS; attempt++) {
    const credentials = {
      address: `${randomString(10, LOCAL_PART_ALPHABET)}@${domain}`,
      password: randomString(24, `${LOCAL_PART_ALPHABET}ABCDEFGHIJKLMNOPQRSTUVWXYZ`),
    };
    const account = await statusOf(
      mailTmCreateAccount({ client, body: credentials, signal }),
      signal,
    );
    const created = account.result?.data;
    if (created) {
      const token = await statusOf(
        mailTmCreateToken({ client, body: credentials, signal }),
        signal,
      );
      if (token.status === 429) throw new GenerateAddressError('rate-limited');
      const jwt = token.result?.data?.token;
      if (!jwt) throw new GenerateAddressError('account-failed');
      return {
        address: created.address,
        expiresAt: now() + FREE_ADDRESS_LIFETIME_MS,
        account: { id: created.id, password: credentials.password, token: jwt },
      };
    }
    if (account.status === 429) throw new GenerateAddressError('rate-limited');
    const retryable =
      account.status === undefined || account.status === 422 || account.status >= 500;
    if (!retryable) throw new GenerateAddressError('account-failed');
    if (attempt < ACCOUNT_CREATION_ATTEMPTS - 1) await sleep(retryDelayMs(attempt), signal);
    else throw new GenerateAddressError(account.status === 422 ? 'address-taken' : 'unavailable');
  }
  throw new GenerateAddressError('unavailable');
}
