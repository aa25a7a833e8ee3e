// The test kit end to end: a browser signs up to the sample app with a fresh TempMail inbox,
// the app mails its code and link over SMTP to our server, and the test reads them from the
// inbox. The first two tests use `createTestInbox` (the helper for Vitest or Jest); the last
// runs sign-up.spec.ts under Playwright Test with the `inbox` fixture.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestInbox } from '@tempmail/sdk/testing';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../support/launch-chromium.js';
import { bin, repoRoot } from '../support/paths.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { startExampleApp, type RunningExampleApp } from './start-example-app.js';

const chromium = findChromium();
if (!chromium) console.warn('the test kit end to end: SKIPPED, no chromium on PATH');

describe.skipIf(!chromium)('the test kit end to end', () => {
  let server: RunningServer;
  let app: RunningExampleApp;
  let browser: Browser;

  beforeAll(async () => {
    // The server as shipped: every free limit at its default.
    [server, browser] = await Promise.all([startServer(), launchChromium(chromium!)]);
    app = await startExampleApp({ smtpPort: server.smtpPort });
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), app?.stop(), server?.stop()]);
  });

  /** Fills in the sign-up form and waits for the app to ask for the code. */
  async function signUp(address: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    return page;
  }

  it('confirms a sign-up with the code from the mail', async () => {
    const inbox = await createTestInbox({ baseUrl: server.url });
    const page = await signUp(inbox.address);

    const { code, message } = await inbox.waitForCode({
      match: { from: 'example-app.test' },
      timeout: 10_000,
    });
    expect(message.subject).toBe('Confirm your email for Example App');
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    expect(await page.textContent('body')).toContain(`Welcome, ${inbox.address}.`);
  });

  it('confirms a sign-up through the link in the mail', async () => {
    const inbox = await createTestInbox({ baseUrl: server.url });
    const page = await signUp(inbox.address);

    const { link } = await inbox.waitForLink({
      match: { from: 'example-app.test' },
      timeout: 10_000,
    });
    expect(link).toMatchObject({ kind: 'verify', text: 'Confirm my email' });
    await page.goto(link.url);

    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    expect(await page.textContent('body')).toContain(`Welcome, ${inbox.address}.`);
  });

  it('gives each Playwright test an inbox through the fixture', async () => {
    const output = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-playwright-'));
    try {
      // TEMPMAIL_URL is all the fixture needs, as in a CI job (a Pro token of the developer's
      // own would be refused here). The `source` condition loads the SDK's TypeScript, as
      // everywhere in this repository's tests.
      const run = await promisify(execFile)(
        bin('playwright'),
        ['test', '-c', 'tests/example-app/playwright.config.ts', '--output', output],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            TEMPMAIL_URL: server.url,
            TEMPMAIL_API_TOKEN: '',
            EXAMPLE_APP_URL: app.url,
            NODE_OPTIONS: '--conditions=source',
          },
        },
      ).catch((failed: { stdout: string; stderr: string }) => failed);
      // On failure the whole report shows: Playwright writes what failed to stdout.
      expect(`${run.stdout}${run.stderr}`).toMatch(/\b1 passed\b/);
    } finally {
      fs.rmSync(output, { recursive: true, force: true });
    }
  }, 60_000);
});
