import type { ErrorCode, ErrorDetail } from './generated/types.gen.js';
import { parseRateLimit, TempMailError, TempMailNetworkError } from './tempmail-errors.js';

/** What every generated operation resolves with (`responseStyle: 'fields'`, the default). */
export interface CallResult {
  data?: unknown;
  error?: unknown;
  request: Request;
  response: Response;
}

/**
 * The data of a generated call, or a thrown `TempMailError` (the server answered an error)
 * or `TempMailNetworkError` (it did not answer):
 * `const { messages } = await unwrap(listMessages({ client }))`.
 */
export async function unwrap<R extends CallResult>(
  call: R | Promise<R>,
): Promise<Exclude<R['data'], undefined>> {
  const result = await call;
  // The generated client leaves `response` undefined when fetch itself threw, whatever its type says.
  const response = result.response as Response | undefined;
  if (response === undefined) throw new TempMailNetworkError(result.request.url, result.error);
  if (!response.ok) throw toTempMailError(response, result.error);
  return result.data as Exclude<R['data'], undefined>;
}

/** The typed error for an answer that is not 2xx, from its parsed body (the contract's `Error`). */
export function toTempMailError(response: Response, body: unknown): TempMailError {
  const rateLimit = parseRateLimit(response.headers);
  if (isErrorBody(body)) {
    return new TempMailError({
      status: response.status,
      code: body.code,
      message: body.message,
      details: body.details,
      requestId: body.requestId,
      rateLimit,
    });
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new TempMailError({
    status: response.status,
    code: 'unknown',
    message: `The server answered ${response.status}${statusText}.`,
    rateLimit,
  });
}

function isErrorBody(
  body: unknown,
): body is { code: ErrorCode; message: string; details?: ErrorDetail[]; requestId?: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}
