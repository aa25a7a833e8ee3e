import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, type ErrorCode, type ErrorDetail } from './api-error.js';

/** Which error dialect a request gets: ours on /api, /v1 and probes; mail.tm's on its surface. */
export type Surface = 'standard' | 'mailtm';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  bad_request: 'The request could not be read.',
  validation_failed: 'The request is not valid.',
  not_found: 'Not found.',
  method_not_allowed: 'This method is not allowed on this path.',
  not_acceptable: 'No representation matches the Accept header.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body must be JSON.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  internal_error: 'Something went wrong on our side. Please try again.',
};

interface NormalisedError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: readonly ErrorDetail[];
  headers?: Readonly<Record<string, string>>;
  /** Whether this is our fault (logged with its stack) rather than the caller's. */
  internal: boolean;
}

interface ValidatorError {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
  headers?: Record<string, string>;
}

function isValidatorError(error: unknown): error is ValidatorError {
  return (
    error instanceof Error &&
    typeof (error as Partial<ValidatorError>).status === 'number' &&
    Array.isArray((error as Partial<ValidatorError>).errors)
  );
}

/** Errors body-parser raises on unreadable or oversized bodies. */
function bodyParserStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  const type = (error as { type: unknown }).type;
  if (type === 'entity.parse.failed') return 400;
  if (type === 'entity.too.large') return 413;
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return 415;
  return undefined;
}

function normalise(
  error: unknown,
  exposeInternalErrors: boolean,
  isDatabaseUnavailable: (error: unknown) => boolean,
): NormalisedError {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      internal: error.status >= 500 && error.status !== 503,
    };
  }
  const parserStatus = bodyParserStatus(error);
  if (parserStatus !== undefined) {
    const code = parserStatus === 400 ? 'bad_request' : codeByStatus[parserStatus]!;
    return { status: parserStatus, code, message: defaultMessages[code]!, internal: false };
  }
  if (isValidatorError(error) && error.status < 500) {
    const code = codeByStatus[error.status] ?? 'bad_request';
    const details = error.errors?.map((item) => ({ path: item.path, message: item.message }));
    const message =
      code === 'validation_failed'
        ? `The request is not valid: ${error.errors?.map((item) => `${item.path} ${item.message}`).join('; ')}`
        : (defaultMessages[code] ?? error.message);
    return {
      status: error.status,
      code,
      message,
      details: code === 'validation_failed' ? details : undefined,
      headers: error.headers,
      internal: false,
    };
  }
  if (isDatabaseUnavailable(error)) {
    // A dependency outage, not a bug: the caller may retry (the contract's 503).
    return {
      status: 503,
      code: 'service_unavailable',
      message: defaultMessages.service_unavailable!,
      internal: true,
    };
  }
  const message =
    exposeInternalErrors && error instanceof Error
      ? error.message
      : defaultMessages.internal_error!;
  return { status: 500, code: 'internal_error', message, internal: true };
}

function wantsJsonLd(request: Request): boolean {
  return request.accepts(['application/json', 'application/ld+json']) === 'application/ld+json';
}

/** mail.tm's error bodies, by status, exactly as its clients parse them. */
function sendMailTmError(request: Request, response: Response, error: NormalisedError): void {
  if (error.status === 401 || error.status === 429) {
    response.status(error.status).json({ code: error.status, message: error.message });
    return;
  }
  const jsonLd = wantsJsonLd(request);
  if (
    error.status === 422 ||
    (error.status === 400 && error.details?.some((d) => d.path.startsWith('/body')))
  ) {
    const violations = (error.details ?? []).map((detail) => ({
      propertyPath: detail.path.replace(/^\/body\/?/, '').replace(/\//g, '.'),
      message: /required/.test(detail.message) ? 'This value should not be blank.' : detail.message,
    }));
    const description =
      violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n') || error.message;
    response
      .status(422)
      .type(jsonLd ? 'application/ld+json' : 'application/json')
      .json({
        '@context': '/contexts/ConstraintViolationList',
        '@type': 'ConstraintViolationList',
        'hydra:title': 'An error occurred',
        'hydra:description': description,
        detail: description,
        violations,
      });
    return;
  }
  const detail = error.status === 404 ? 'Not Found' : error.message;
  const body = jsonLd
    ? {
        '@context': '/contexts/Error',
        '@type': 'hydra:Error',
        'hydra:title': 'An error occurred',
        'hydra:description': detail,
        detail,
      }
    : { detail };
  response
    .status(error.status)
    .type(jsonLd ? 'application/ld+json' : 'application/json')
    .json(body);
}

/**
 * The one error handler. Callers get a stable body with a code (or mail.tm's own bodies on
 * its surface); our faults are logged with their stack and never shown unless asked.
 */
export function handleErrors(options: {
  logger: Logger;
  surfaceOf: (request: Request) => Surface;
  exposeInternalErrors: boolean;
  /** Whether an error means the database is away (answered 503), not a fault of ours. */
  isDatabaseUnavailable: (error: unknown) => boolean;
}): ErrorRequestHandler {
  return (error, request, response, next) => {
    if (response.headersSent) {
      next(error);
      return;
    }
    const normalised = normalise(
      error,
      options.exposeInternalErrors,
      options.isDatabaseUnavailable,
    );
    if (normalised.internal) {
      options.logger.error({ err: error, requestId: request.id }, 'request failed');
    }
    for (const [name, value] of Object.entries(normalised.headers ?? {}))
      response.setHeader(name, value);
    if (options.surfaceOf(request) === 'mailtm') {
      sendMailTmError(request, response, normalised);
      return;
    }
    response.status(normalised.status).json({
      code: normalised.code,
      message: normalised.message,
      ...(normalised.details ? { details: normalised.details } : {}),
      requestId: String(request.id),
    });
  };
}
