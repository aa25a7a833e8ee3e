// Runs sign-up.spec.ts, the example of the `inbox` fixture from `@tempmail/sdk/playwright`.
// Expects TEMPMAIL_URL (our server) and EXAMPLE_APP_URL (the sample app) in the environment,
// as sign-up.test.ts sets them when it runs this config.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../support/launch-chromium.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 20_000,
  workers: 1,
  reporter: 'line',
  use: {
    baseURL: process.env.EXAMPLE_APP_URL,
    browserName: 'chromium',
    // Debian's Chromium: browsers are never downloaded here. A project of your own would run
    // `npx playwright install chromium` once and leave launchOptions out.
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_FLAGS },
  },
});
