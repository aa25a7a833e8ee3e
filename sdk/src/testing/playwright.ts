// `@tempmail/sdk/playwright`: Playwright Test's `test` with an `inbox` fixture. Only this
// entry imports @playwright/test, so the SDK's other entries never need it installed.
import { test as base } from '@playwright/test';
import { createTestInbox, type TestInbox } from './create-test-inbox.js';

export interface TempMailFixtures {
  /** A new address for this test, from `TEMPMAIL_URL` (and `TEMPMAIL_API_TOKEN` when set). */
  inbox: TestInbox;
}

export const test = base.extend<TempMailFixtures>({
  // Playwright reads the fixtures a fixture needs from its first parameter, which must be a
  // destructuring pattern even when it needs none.
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, use) => {
    const teardown = new AbortController();
    await use(await createTestInbox({ signal: teardown.signal }));
    // A test that failed or timed out may leave a wait pending: end its long poll.
    teardown.abort();
  },
});

export { expect } from '@playwright/test';
export type { TestInbox, TestInboxWaitOptions } from './create-test-inbox.js';
