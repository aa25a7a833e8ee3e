// Screenshots of the main screens, light and dark, laptop and phone, saved as test
// artifacts in test-results/screenshots/ for a person to look at (CI keeps the folder), or,
// by `npm run screenshots`, to docs/screenshots/ for the README. The test checks that each
// screen rendered what it shows; it does not compare pixels.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { expect, it } from 'vitest';
import { repoRoot } from '../../tests/support/paths.js';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { OPEN_MESSAGE_TIMEOUT_MS } from './support/open-home.js';
import { explainTimeout } from './support/watch-pages.js';

const OUT = path.resolve(repoRoot, process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');

const VIEWPORTS = {
  laptop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function openPage(
  browser: Browser,
  url: string,
  scheme: 'light' | 'dark',
  viewport: keyof typeof VIEWPORTS,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    colorScheme: scheme,
    isMobile: viewport === 'phone',
  });
  // The consent choice is made, so the banner does not cover what is being shown.
  await context.addInitScript(() =>
    localStorage.setItem(
      'tm_consent',
      JSON.stringify({
        version: 1,
        preferences: {
          analytics_storage: false,
          ad_storage: false,
          ad_user_data: false,
          ad_personalization: false,
        },
      }),
    ),
  );
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  // Let the start overlay and any transition finish before the picture.
  await page.waitForTimeout(200);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  expect(fs.statSync(file).size).toBeGreaterThan(5_000);
}

describeInChromium('screenshots', (suite) => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of ['laptop', 'phone'] as const) {
      it(`captures the home page, a message, the upgrade dialog and the profile (${scheme}, ${viewport})`, async () => {
        fs.mkdirSync(OUT, { recursive: true });
        const tag = `${scheme}-${viewport}`;
        const page = await openPage(suite.browser, `${suite.server.url}/`, scheme, viewport);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          scheme === 'dark',
        );
        const box = page.getByRole('textbox', { name: 'Temporary email address' });
        await box.waitFor({ timeout: 10_000 });
        await page.getByText('Your inbox is empty').waitFor();
        await shoot(page, `home-empty-${tag}`);

        const address = await box.inputValue();
        await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
        await sendMail(suite.server.smtpPort, {
          from: 'Acme Store <orders@acme.example>',
          to: address,
          subject: 'Your order #4821 has shipped',
          html: '<h1 style="color:#4338ca">Good news!</h1><p>Your order <b>#4821</b> is on its way. Track it with code <code>ZX-88213</code>.</p><p><a href="https://acme.example/track">Track your parcel</a></p>',
        });
        await sendMail(suite.server.smtpPort, {
          from: 'Forum <hello@forum.example>',
          to: address,
          subject: 'Confirm your account',
          text: 'Your verification code is 482913.',
        });
        const row = page.getByRole('button', { name: /Your order #4821 has shipped/ });
        await row.waitFor({ timeout: 5_000 });
        await page.getByRole('button', { name: /Confirm your account/ }).waitFor();
        // A free inbox's live frame carries no codes: its chip comes with the list read after.
        await page.getByTestId('code-chip').waitFor();
        await shoot(page, `home-messages-${tag}`);

        await row.click();
        await explainTimeout(
          page,
          'The message did not open',
          page.getByTestId('message-html').waitFor({ timeout: OPEN_MESSAGE_TIMEOUT_MS }),
        );
        await shoot(page, `message-${tag}`);

        await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click();
        await explainTimeout(
          page,
          'The upgrade dialog did not open',
          page.getByRole('dialog', { name: 'Upgrade to Pro' }).waitFor(),
        );
        await shoot(page, `upgrade-${tag}`);
        await page.keyboard.press('Escape');

        // Pro through the demo checkout's own calls, from this page (same origin, its cookie).
        // A new purchase email each time: a known one gets a sign-in link instead.
        await page.evaluate(async (email) => {
          const post = (url: string, body: object) =>
            fetch(url, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            }).then((response) => response.json() as Promise<{ url: string }>);
          const { url } = await post('/api/create-checkout-session', { plan: 'pro_monthly' });
          await post(`/api/demo-checkout/${new URL(url).pathname.split('/').pop()}/complete`, {
            email,
          });
        }, `screenshots-${tag}@example.com`);
        await page.reload();
        await page.getByText('Pro active').waitFor({ timeout: 10_000 });
        await page.getByRole('button', { name: /Your order #4821 has shipped/ }).waitFor();
        await shoot(page, `pro-inbox-${tag}`);
        await page.getByRole('button', { name: 'Your Pro profile' }).click();
        await page.getByRole('dialog', { name: 'Your Pro profile' }).waitFor();
        await shoot(page, `profile-${tag}`);
        await page.context().close();
      }, 60_000);
    }
  }
});
