import type { Violation } from '../features/mailboxes/create-mailbox.js';
import { ApiError } from './api-error.js';

/**
 * Why a chosen alias was not created, as `/api` and `/v1` both answer it: a reserved name is
 * said so, so that nobody retries it under another case or tag; anything else reads as taken
 * (the contract's pattern has already refused malformed aliases).
 */
export function refuseAlias(violations: readonly Violation[]): ApiError {
  const reserved = violations.find((violation) => violation.reason === 'reserved');
  if (reserved) {
    return new ApiError(
      422,
      'address_reserved',
      `${reserved.message} Please try a different alias.`,
    );
  }
  return new ApiError(
    422,
    'address_taken',
    'The email address is already taken. Please try a different alias.',
  );
}
