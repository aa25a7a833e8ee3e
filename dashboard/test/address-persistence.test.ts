// The home page's addresses live on the server with the browser's session, in a real browser
// against the real server: a reload and a restart find the address and its mail again, the
// session's earlier addresses can be shown again from the history (by keyboard too), an
// expired address says so and offers a new one, buying Pro keeps the inbox on screen, and a
// Pro user's addresses come back after cleared storage and in another browser signed in.
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/describe-in-chromium.js';
import { buyPassInPage, mailTo as sendTo, payForPassInPage } from './support/open-home.js';
import { linkMailedTo } from './support/read-outbox.js';

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

async function shownAddress(page: Page): Promise<string> {
  const box = page.getByRole('textbox', { name: 'Temporary email address' });
  await box.waitFor({ timeout: 10_000 });
  return box.inputValue();
}

const messageRow = (page: Page, subject: string) =>
  page.getByTestId('message-row').filter({ hasText: subject });

/** The POSTs that made an address, counted from here on. */
function countNewAddresses(page: Page): () => number {
  let made = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/addresses') {
      made += 1;
    }
  });
  return () => made;
}

async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

describeInChromium('addresses kept by the session in Chromium', (suite) => {
  const mailTo = (to: string, subject: string) => sendTo(suite.server.smtpPort, to, subject);

  for (const { name, viewport } of SCREENS) {
    it(`keeps the address and its mail through a reload and a restart (${name})`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const made = countNewAddresses(page);
      await page.goto(`${suite.server.url}/`);
      const address = await shownAddress(page);
      await mailTo(address, `Kept through a reload on a ${name}`);
      // Through the stream or, at worst, the 10-second poll.
      await messageRow(page, `Kept through a reload on a ${name}`).waitFor({ timeout: 15_000 });

      await page.reload();
      expect(await shownAddress(page)).toBe(address);
      await messageRow(page, `Kept through a reload on a ${name}`).waitFor({ timeout: 10_000 });
      expect(made()).toBe(1);

      // A browser restart: a new tab keeps the cookies but not the last tab's storage.
      await page.close();
      const restarted = await context.newPage();
      await restarted.goto(`${suite.server.url}/`);
      expect(await shownAddress(restarted)).toBe(address);
      await messageRow(restarted, `Kept through a reload on a ${name}`).waitFor({
        timeout: 10_000,
      });
      await fitsWidth(restarted, viewport.width);
      await context.close();
    }, 60_000);

    it(`makes a second address and switches back through the history (${name})`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/`);
      const first = await shownAddress(page);
      await mailTo(first, 'To the first address');
      await messageRow(page, 'To the first address').waitFor({ timeout: 15_000 });
      const history = page.getByRole('button', { name: /^Your addresses/ });
      // One address: nothing to go back to.
      expect(await history.count()).toBe(0);

      await page.getByRole('button', { name: 'New address', exact: true }).click();
      await expect.poll(() => shownAddress(page), { timeout: 10_000 }).not.toBe(first);
      const second = await shownAddress(page);
      await page.getByText('Your inbox is empty').waitFor({ timeout: 10_000 });
      await mailTo(second, 'To the second address');
      await messageRow(page, 'To the second address').waitFor({ timeout: 15_000 });
      expect(await messageRow(page, 'To the first address').count()).toBe(0);

      // By keyboard: the list opens on the shown address (the newest, first), the arrows
      // move, Enter chooses, and focus comes back to the button.
      expect(await history.getAttribute('aria-expanded')).toBe('false');
      await history.focus();
      await page.keyboard.press('Enter');
      const list = page.getByRole('list', { name: 'Your addresses' });
      await list.waitFor({ timeout: 2_000 });
      expect(await history.getAttribute('aria-expanded')).toBe('true');
      const entries = list.getByRole('button');
      expect(await entries.count()).toBe(2);
      expect(await entries.nth(0).textContent()).toContain(second);
      expect(await entries.nth(0).getAttribute('aria-current')).toBe('true');
      expect(await entries.nth(1).getAttribute('aria-current')).toBeNull();
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      expect(await focusedText()).toContain(second);
      await fitsWidth(page, viewport.width);
      await page.keyboard.press('ArrowDown');
      expect(await focusedText()).toContain(first);
      await page.keyboard.press('Enter');

      await expect.poll(() => shownAddress(page)).toBe(first);
      expect(await list.count()).toBe(0);
      expect(await history.evaluate((button) => button === document.activeElement)).toBe(true);
      // A screen reader hears which address shows now; the button's name keeps the count
      // apart from its words.
      await expect
        .poll(() => page.getByTestId('address-announcement').textContent())
        .toBe(`Now showing ${first}`);
      expect(await history.getAttribute('aria-label')).toBeNull();
      expect(await history.evaluate((button) => button.textContent)).toBe('Your addresses (2)');
      await messageRow(page, 'To the first address').waitFor({ timeout: 10_000 });
      expect(await messageRow(page, 'To the second address').count()).toBe(0);

      // Escape closes the list and leaves the address as it was.
      await history.click();
      await list.waitFor({ timeout: 2_000 });
      await page.keyboard.press('Escape');
      expect(await list.count()).toBe(0);
      expect(await shownAddress(page)).toBe(first);

      // A reload comes back to the address this tab chose, not to the newest.
      await page.reload();
      expect(await shownAddress(page)).toBe(first);
      await messageRow(page, 'To the first address').waitFor({ timeout: 10_000 });

      // By pointer, back to the second and its mail.
      await history.click();
      await list.getByRole('button', { name: second }).click();
      await expect.poll(() => shownAddress(page)).toBe(second);
      await messageRow(page, 'To the second address').waitFor({ timeout: 10_000 });
      await context.close();
    }, 90_000);
  }

  it('says when the address has expired, and makes a new one from there', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[0].viewport });
    const page = await context.newPage();
    // The page's clock, moved by the test: the hour passes in a moment.
    await page.clock.install();
    await page.goto(`${suite.server.url}/`);
    const old = await shownAddress(page);
    const notice = page.getByText('This address has expired');
    expect(await notice.count()).toBe(0);

    await page.clock.fastForward('01:00:01');
    await notice.waitFor({ timeout: 5_000 });
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).isDisabled()).toBe(true);
    // The expired address is no longer offered in the history.
    expect(await page.getByRole('button', { name: /^Your addresses/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'New address', exact: true }).click();
    await expect.poll(() => shownAddress(page), { timeout: 10_000 }).not.toBe(old);
    expect(await notice.count()).toBe(0);
    // A full hour on this page's clock, though it is an hour ahead of the server's.
    expect(await page.getByTestId('countdown').textContent()).toMatch(
      /^Expires in (1h 0m 0s|59m \d+s)$/,
    );
    await context.close();
  }, 30_000);

  it('keeps the address and its mail through buying Pro', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[0].viewport });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const address = await shownAddress(page);
    await mailTo(address, 'Before buying Pro');
    await messageRow(page, 'Before buying Pro').waitFor({ timeout: 15_000 });

    await buyPassInPage(page, suite.server.url);
    await page.getByRole('link', { name: 'Start using Pro' }).click();

    // The same address, now Pro's: it lives as long as the pass, and its mail is still there.
    await page.getByRole('button', { name: 'Reset Pro email' }).waitFor({ timeout: 10_000 });
    expect(await shownAddress(page)).toBe(address);
    await messageRow(page, 'Before buying Pro').waitFor({ timeout: 10_000 });
    // A whole day left in the second of the purchase, then under a day.
    expect(await page.getByTestId('countdown').textContent()).toMatch(
      /^Kept while your Pro is active: (1d 0h 0m|23h 59m ).* left$/,
    );
    expect(await page.getByText('Email stored').count()).toBe(0);

    await page.reload();
    expect(await shownAddress(page)).toBe(address);
    await messageRow(page, 'Before buying Pro').waitFor({ timeout: 10_000 });
    await context.close();
  }, 60_000);

  it('keeps the address when the purchase’s verification answers late', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[0].viewport });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const address = await shownAddress(page);
    const made = countNewAddresses(page);

    // A slow line: the success page's verification, which replaces the session cookie and
    // ends the old one, answers after 2 s. A list of addresses asked for meanwhile reaches
    // the server after it, with the cookie it had when it left (Chromium would attach the
    // new one to a held request, so the test asks the server itself, as that request).
    let verification: Promise<unknown> | undefined;
    await page.route('**/api/checkout/success?*', async (route) => {
      verification ??= page.waitForResponse((response) =>
        response.url().includes('/api/checkout/success?'),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.route('**/api/addresses', async (route) => {
      if (!verification || route.request().method() !== 'GET') return route.continue();
      const sent = await route.request().allHeaders();
      await verification;
      const late = await fetch(route.request().url(), {
        headers: { cookie: sent['cookie'] ?? '', 'x-forwarded-for': sent['x-forwarded-for'] ?? '' },
      });
      await route.fulfill({
        status: late.status,
        contentType: late.headers.get('content-type') ?? 'application/json',
        body: Buffer.from(await late.arrayBuffer()),
      });
    });
    await payForPassInPage(page, suite.server.url);
    // Paid, but not yet verified: the page still waits, with no way home to race it.
    await page.getByRole('heading', { name: 'Setting up Pro features…' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start using Pro' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Start using Pro' }).click();

    await page.getByRole('button', { name: 'Reset Pro email' }).waitFor({ timeout: 10_000 });
    // Past the delay after which a page with no address makes one.
    await page.waitForTimeout(500);
    expect(await shownAddress(page)).toBe(address);
    expect(made()).toBe(0);
    await context.close();
  }, 60_000);

  it('keeps a Pro user’s addresses on the account: reset asks, cleared storage and another browser find them', async () => {
    const email = 'sam.kept@example.com';
    const context = await suite.browser.newContext({ viewport: SCREENS[1].viewport });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const first = await shownAddress(page);
    await mailTo(first, 'To the Pro address');
    await page.goto(`${suite.server.url}/?upgrade=true`);
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await upgrade.getByRole('button', { name: 'Go Pro monthly' }).click();
    await page.waitForURL(/\/demo-checkout\//, { timeout: 10_000 });
    await page.getByLabel(/Email to sign in on your other devices/).fill(email);
    await page.getByRole('button', { name: 'Complete demo payment' }).click();
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor({ timeout: 10_000 });
    // The purchase email signs in elsewhere once confirmed from this browser.
    const confirm = await linkMailedTo(
      suite.server.dataDir,
      email,
      /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/,
    );
    const confirmTab = await context.newPage();
    await confirmTab.goto(confirm);
    await confirmTab.getByRole('button', { name: 'Confirm email' }).click();
    await confirmTab.getByText(`Confirmed: ${email} now signs in`, { exact: false }).waitFor();
    await confirmTab.close();
    await page.getByRole('link', { name: 'Start using Pro' }).click();
    const reset = page.getByRole('button', { name: 'Reset Pro email' });
    await reset.waitFor({ timeout: 10_000 });
    expect(await shownAddress(page)).toBe(first);

    // Reset asks first, saying what happens; Cancel changes nothing.
    await reset.click();
    const ask = page.getByRole('alertdialog', { name: 'Reset your Pro address?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`${first} stays with your account`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    expect(await shownAddress(page)).toBe(first);
    await reset.click();
    await ask.getByRole('button', { name: 'Get a new address' }).click();
    await expect.poll(() => shownAddress(page), { timeout: 10_000 }).not.toBe(first);
    const second = await shownAddress(page);
    const toast = page.getByTestId('toast').filter({ hasText: 'New Pro address' });
    await toast.waitFor({ timeout: 5_000 });
    expect(await toast.textContent()).toContain(`Your address is now ${second}.`);
    expect(await toast.textContent()).toContain(`${first} stays with your account`);
    expect(await page.getByText('Email stored').count()).toBe(0);

    // Storage cleared: the server still knows both, the newest shown, the first's mail kept.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.reload();
    expect(await shownAddress(page)).toBe(second);
    await messageRow(page, 'To the Pro address').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: /^Your addresses/ }).click();
    const listed = page.getByRole('list', { name: 'Your addresses' }).getByRole('button');
    expect(await listed.allTextContents()).toEqual([
      expect.stringContaining(second),
      expect.stringContaining(first),
    ]);
    await context.close();

    // Another browser, signed in by the link in the mail: the account's addresses, not its own.
    const elsewhere = await suite.browser.newContext({ viewport: SCREENS[0].viewport });
    const other = await elsewhere.newPage();
    await other.goto(`${suite.server.url}/`);
    const visitorAddress = await shownAddress(other);
    await other.getByRole('button', { name: 'Sign in to Pro' }).click();
    const signIn = other.getByRole('dialog', { name: 'Sign in to Pro' });
    await signIn.getByLabel('Account email').fill(email);
    await signIn.getByRole('button', { name: 'Send sign-in link' }).click();
    await signIn.getByText(/a sign-in link is on its way/).waitFor({ timeout: 5_000 });
    const link = await linkMailedTo(
      suite.server.dataDir,
      email,
      /https?:\/\/\S+\/sign-in\?token=[A-Za-z0-9_-]+/,
    );
    await other.goto(link);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('button', { name: 'Reset Pro email' }).waitFor({ timeout: 10_000 });
    expect(await shownAddress(other)).toBe(second);
    await messageRow(other, 'To the Pro address').waitFor({ timeout: 10_000 });
    await other.getByRole('button', { name: /^Your addresses/ }).click();
    const there = other.getByRole('list', { name: 'Your addresses' });
    expect(await there.getByRole('button').count()).toBe(2);
    expect(await there.getByText(visitorAddress).count()).toBe(0);
    await fitsWidth(other, SCREENS[0].viewport.width);

    // Used, the link says so and offers a way on rather than ending there.
    await other.goto(link);
    await other
      .getByRole('alert')
      .filter({ hasText: /invalid, used or expired/ })
      .waitFor();
    await other.getByRole('link', { name: 'Ask for a new link' }).click();
    await other.getByRole('dialog', { name: /Pro/ }).waitFor({ timeout: 10_000 });
    await elsewhere.close();
  }, 120_000);
});
