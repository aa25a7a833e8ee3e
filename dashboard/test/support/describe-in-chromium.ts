import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/support/start-server.js';
import { ensureBuild } from '../../../tests/support/ensure-build.js';
import { findChromium, launchChromium } from '../../../tests/support/launch-chromium.js';
import { watchPages } from './watch-pages.js';

export interface ChromiumSuite {
  server: RunningServer;
  browser: Browser;
}

/**
 * A browser suite: the built server started on free ports and Debian's Chromium, shared by
 * the suite's tests (read them from `suite` inside the tests). Without Chromium the suite is
 * skipped with a visible line.
 */
export function describeInChromium(name: string, define: (suite: ChromiumSuite) => void): void {
  const executablePath = findChromium();
  if (!executablePath) {
    const reason = `${name}: SKIPPED, no chromium on PATH (scripts/install-chromium.sh installs it)`;
    console.warn(reason);
    describe(name, () => {
      it.skip(reason, () => undefined);
    });
    return;
  }
  describe(name, () => {
    const suite = {} as ChromiumSuite;
    beforeAll(async () => {
      ensureBuild();
      // The server's defaults, as a visitor meets them (mail.tm's 8 requests per second per
      // IP included), but for one: each test plays a new visitor, and a first view of the
      // home page makes an address. Real visitors come from their own IPs; here every test
      // of a suite comes from 127.0.0.1, and some suites make more than the 5 a minute that
      // one IP may (home-page.test.ts 6 in about 40 s, header.test.ts 6 with its reloads).
      // That budget is tested at its defaults in tests/hostile/abuse-limits.test.ts.
      [suite.server, suite.browser] = await Promise.all([
        startServer({
          built: true,
          env: {
            ADDRESS_CREATION_PER_MINUTE: '100000',
            ADDRESS_CREATION_PER_HOUR: '100000',
          },
        }),
        launchChromium(executablePath).then(watchPages),
      ]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([suite.browser?.close(), suite.server?.stop()]);
    });
    define(suite);
  });
}
