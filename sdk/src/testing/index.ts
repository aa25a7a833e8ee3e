// `@tempmail/sdk/testing`: a fresh inbox per test, for any test runner (Vitest, Jest, node:test…).
export {
  createTestInbox,
  DEFAULT_TEMPMAIL_URL,
  type TestInbox,
  type TestInboxOptions,
  type TestInboxWaitOptions,
} from './create-test-inbox.js';
