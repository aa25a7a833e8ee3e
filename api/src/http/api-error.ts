/**
 * The stable error codes of `/api` and `/v1`. They mirror the contract's `ErrorCode` enum,
 * where each is described; a test keeps the two lists equal.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'pro_required',
  'not_found',
  'wrong_browser',
  'method_not_allowed',
  'conflict',
  'address_taken',
  'address_reserved',
  'payload_too_large',
  'unsupported_media_type',
  'not_acceptable',
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error meant for the caller: its status, code and message reach the response as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
