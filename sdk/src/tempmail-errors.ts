import type { ErrorCode, ErrorDetail } from './generated/types.gen.js';

/**
 * The rate-limit state an answer reported. Every `/v1` answer carries the `RateLimit-*`
 * headers; `retryAfter` comes with a 429 only. All in seconds; a header the answer lacked
 * (other surfaces, a proxy's page) is undefined.
 */
export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  reset?: number;
  retryAfter?: number;
}

/** Reads the `RateLimit-*` and `Retry-After` headers of any answer. */
export function parseRateLimit(headers: Headers): RateLimitInfo {
  return {
    limit: readSeconds(headers.get('RateLimit-Limit')),
    remaining: readSeconds(headers.get('RateLimit-Remaining')),
    reset: readSeconds(headers.get('RateLimit-Reset')),
    retryAfter: readRetryAfter(headers.get('Retry-After')),
  };
}

function readSeconds(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

// RFC 9110 §10.2.3 allows an HTTP-date as well as seconds; we turn a date into seconds from now.
function readRetryAfter(value: string | null): number | undefined {
  const seconds = readSeconds(value);
  if (seconds !== undefined || value === null) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The server answered with an error. `code` is the contract's `ErrorCode`, or `unknown` when
 * the body was not the contract's `Error` (a proxy's error page, say).
 */
export class TempMailError extends Error {
  override readonly name = 'TempMailError';
  readonly status: number;
  readonly code: ErrorCode | 'unknown';
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitInfo;

  constructor(init: {
    status: number;
    code: ErrorCode | 'unknown';
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
    rateLimit?: RateLimitInfo;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.rateLimit = init.rateLimit ?? {};
  }

  /** Seconds to wait before trying again (429 only). */
  get retryAfter(): number | undefined {
    return this.rateLimit.retryAfter;
  }
}

/** No answer at all: the server is down, the name does not resolve, the connection broke. */
export class TempMailNetworkError extends Error {
  override readonly name = 'TempMailNetworkError';
  /** The URL that could not be reached. */
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(`Cannot reach ${url}: ${describeCause(cause)}`, { cause });
    this.url = url;
  }
}

// undici reports "fetch failed" and keeps the useful part in `cause`: "connect ECONNREFUSED
// 127.0.0.1:8080", "getaddrinfo ENOTFOUND example.invalid".
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  if (!(inner instanceof Error)) return cause.message;
  const code = (inner as { code?: unknown }).code;
  return typeof code === 'string' && !inner.message.includes(code)
    ? `${code}: ${inner.message}`
    : inner.message;
}

/**
 * `waitForMessage` saw no matching message in time. When its last try had failed in a way
 * retrying could fix (the server down, a 5xx), that error is the `cause` and the message
 * says so: a wait that never reached the server does not pass for an empty inbox.
 */
export class TempMailTimeoutError extends Error {
  override readonly name = 'TempMailTimeoutError';
  /** The time waited, in milliseconds. */
  readonly timeout: number;
  /** What `waitForCode` or `waitForLink` wanted when a matching message came without it. */
  readonly lacking: { what: string; subject: string } | undefined;

  /**
   * `lacking`: what `waitForCode` or `waitForLink` wanted (`a code`) when a matching message
   * did come without it; the subject of the last such message.
   */
  constructor(timeout: number, lastError?: unknown, lacking?: { what: string; subject: string }) {
    // To the tenth under 10 s: 1.5 s is not rounded to 2.
    const seconds =
      timeout < 10_000 ? Number((timeout / 1000).toFixed(1)) : Math.round(timeout / 1000);
    const failed = lastError instanceof Error ? ` Its last try failed: ${lastError.message}` : '';
    super(
      (lacking
        ? `No matching message with ${lacking.what} arrived within ${seconds} s: the last one that matched ("${lacking.subject}") has none.`
        : `No matching message arrived within ${seconds} s.`) + failed,
      lastError === undefined ? undefined : { cause: lastError },
    );
    this.timeout = timeout;
    this.lacking = lacking;
  }
}

/**
 * Whether trying again later may succeed: no answer at all, a server error, a timeout, or a
 * 429. Any other refusal (a bad token, a forbidden mailbox, a malformed call) will not change.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TempMailNetworkError) return true;
  if (!(error instanceof TempMailError)) return false;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
