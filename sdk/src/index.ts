// The operations and types generated from the contract, plus the hand-written helpers.
export * from './generated/index.js';
export type { Client } from './generated/client/index.js';
export { createTempMailClient, type TempMailClientOptions } from './create-client.js';
export {
  isRetryable,
  parseRateLimit,
  TempMailError,
  TempMailNetworkError,
  TempMailTimeoutError,
  type RateLimitInfo,
} from './tempmail-errors.js';
export { toTempMailError, unwrap, type CallResult } from './unwrap-result.js';
export { readAttachment, readMessageRaw } from './read-bytes.js';
export { retryRateLimited, type RateLimitRetryOptions } from './retry-rate-limited.js';
export { paceRequests, type PaceOptions } from './pace-requests.js';
export {
  openMessageStream,
  type MessageStream,
  type MessageStreamEvent,
  type OpenMessageStreamOptions,
} from './open-message-stream.js';
export {
  readEventStream,
  StreamIdleError,
  type ReadEventStreamOptions,
  type ServerSentEvent,
} from './read-event-stream.js';
export {
  MAX_POLL_INTERVAL,
  POLL_INTERVAL_FREE,
  POLL_INTERVAL_PRO,
  watchMessages,
  type TryOutcome,
  type WatchMessagesOptions,
  type WatchMode,
} from './watch-messages.js';
export {
  toPredicate,
  waitForMessage,
  type MessageFilter,
  type MessagePredicate,
  type WaitForMessageOptions,
} from './wait-for-message.js';
export { waitForCode, waitForLink } from './wait-for-code.js';
export {
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  type VerifyWebhookOptions,
} from './verify-webhook.js';
