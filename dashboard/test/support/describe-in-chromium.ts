import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/support/start-server.js';
import { BUILD_NOTICE, ensureBuild } from '../../../scripts/ensure-build.js';
import { findChromium, launchChromium } from '../../../tests/support/launch-chromium.js';
import { watchPages } from './watch-pages.js';

/**
 * Gives each new browser context an address of its own (from TEST-NET-3, 203.0.113.0/24,
 * kept for documentation), sent as the X-Forwarded-For a proxy would add.
 */
function asSeparateVisitors(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  let visitors = 0;
  browser.newContext = (options = {}) => {
    visitors += 1;
    const address = `203.0.113.${(visitors % 254) + 1}`;
    return newContext({
      ...options,
      extraHTTPHeaders: { ...options.extraHTTPHeaders, 'X-Forwarded-For': address },
    });
  };
  return browser;
}

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
      ensureBuild(BUILD_NOTICE);
      // The server's defaults, as a visitor meets them: every limit as shipped. Each browser
      // context is a visitor of its own, from its own address, as real visitors are; the
      // server hears it the way it would behind a proxy (TRUSTED_PROXIES, X-Forwarded-For).
      [suite.server, suite.browser] = await Promise.all([
        startServer({ built: true, env: { TRUSTED_PROXIES: 'loopback' } }),
        launchChromium(executablePath).then(watchPages).then(asSeparateVisitors),
      ]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([suite.browser?.close(), suite.server?.stop()]);
    });
    define(suite);
  });
}
