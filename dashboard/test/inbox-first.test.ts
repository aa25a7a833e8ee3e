// The home page as a mail client, in a real browser against the real server and under the
// defaults a visitor meets (consent not yet given, so its bar shows): on a phone the first
// screen holds the address and the inbox, with nothing promotional above them; on a laptop
// the list and the reader sit side by side and answer to j, k, Enter, Delete and Escape; a Pro
// user gets the API token at purchase, then their inbox and tools with no ads or upsell, and
// signs out behind one transition that never shows their address as a free one. The
// inbox says when it is being read or could not be, and a Pro inbox whose aggregated read
// fails shows its address's own mailbox meanwhile.
import type { Locator, Page } from 'playwright';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/describe-in-chromium.js';
import {
  readerShows,
  buyPassInPage,
  openHome,
  openMessage,
  closeMessage,
  mailTo as sendTo,
  payForPassInPage,
} from './support/open-home.js';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not laid out`);
  return found;
}

const focusedMessageId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.messageId ?? null);

describeInChromium('the inbox first, in Chromium', (suite) => {
  const mailTo = (to: string, subject: string) => sendTo(suite.server.smtpPort, to, subject);

  /** A new visitor on a laptop who bought the pass, on their Pro inbox, and its address. */
  async function proInboxOnLaptop() {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.getByRole('link', { name: /Start using Pro/i }).click();
    const address = await page
      .getByRole('textbox', { name: 'Temporary email address' })
      .inputValue();
    return { context, page, address };
  }

  it('puts the address, its countdown and the first message on the first phone screen', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    const address = await openHome(page, suite.server.url);
    // Empty, the inbox offers a new address; Copy copies and says so.
    const inboxRegion = page.getByRole('region', { name: 'Inbox', exact: true });
    await inboxRegion.getByText('Need another address?').waitFor();
    expect(await inboxRegion.getByRole('button', { name: 'Make a new one' }).count()).toBe(1);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Email copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await mailTo(address, 'First on a phone');
    const row = page.getByTestId('message-row').first();
    await row.waitFor({ timeout: 10_000 });
    // The consent bar shows two seconds after load, as to any new visitor.
    const consent = page.getByRole('region', { name: 'Your privacy choices' });
    await consent.waitFor({ timeout: 5_000 });
    const consentBox = await box(consent);
    expect(consentBox.height).toBeLessThan(PHONE.height * 0.15);

    // The header is one line: the logo and the account's buttons share a row.
    const header = await box(page.getByRole('banner'));
    expect(header.height).toBeLessThan(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // Address, copy, countdown and the first row all show above the consent bar.
    const visibleTop = consentBox.y;
    const addressBox = await box(page.getByRole('textbox', { name: 'Temporary email address' }));
    for (const shown of [
      addressBox,
      await box(page.getByRole('button', { name: 'Copy', exact: true })),
      await box(page.getByTestId('countdown')),
      await box(row),
    ]) {
      expect(shown.y + shown.height).toBeLessThanOrEqual(visibleTop);
    }

    // Nothing promotional above the address; ads only below the inbox; one call to buy Pro
    // on the first screen (the header's; signing in to an account bought already is not one).
    const inbox = await box(page.getByRole('region', { name: 'Inbox', exact: true }));
    for (const ad of await page.getByRole('complementary', { name: 'Advertisement' }).all()) {
      expect((await box(ad)).y).toBeGreaterThanOrEqual(inbox.y + inbox.height);
    }
    let calls = 0;
    for (const call of await page
      .getByRole('button', { name: /upgrade|go pro/i })
      .or(page.getByRole('link', { name: /upgrade|go pro/i }))
      .all()) {
      const where = await call.boundingBox();
      if (where && where.y < PHONE.height) calls += 1;
    }
    expect(calls).toBe(1);
    await context.close();
  }, 60_000);

  it('reads side by side on a laptop and answers to j, k, Enter, Delete and Escape', async () => {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    const address = await openHome(page, suite.server.url);
    for (const subject of ['Oldest', 'Middle', 'Newest']) {
      await mailTo(address, subject);
      // mail.tm times have whole seconds: each message newer than the one before.
      await page.waitForTimeout(1_100);
    }
    const rows = page.getByTestId('message-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    const ids = await page
      .locator('[data-message-id]')
      .evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset.messageId));

    // j from nowhere: the first row; j again the next; Enter opens it.
    await page.keyboard.press('j');
    expect(await focusedMessageId(page)).toBe(ids[0]);
    await page.keyboard.press('j');
    expect(await focusedMessageId(page)).toBe(ids[1]);
    await page.keyboard.press('Enter');
    await readerShows(page, 'Middle');

    // Both panes at once, side by side, filling the page's width; no Back where both show.
    const list = await box(page.getByRole('region', { name: 'Inbox', exact: true }));
    const reader = await box(page.getByRole('region', { name: 'Middle', exact: true }));
    expect(reader.x).toBeGreaterThanOrEqual(list.x + list.width);
    expect(Math.abs(reader.y - list.y)).toBeLessThan(2);
    expect(reader.x + reader.width - list.x).toBeGreaterThan(LAPTOP.width * 0.75);
    expect(await page.getByRole('button', { name: 'Back to inbox' }).isVisible()).toBe(false);

    // k with a message open opens the one above.
    await page.keyboard.press('k');
    await readerShows(page, 'Newest');

    // Delete deletes it on the server, and focus moves to the next row.
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        new URL(response.url()).pathname === `/messages/${ids[0]}`,
    );
    await page.keyboard.press('Delete');
    expect((await deleted).status()).toBe(204);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await focusedMessageId(page)).toBe(ids[1]);
    await page.getByText('Select a message to read it.').waitFor({ timeout: 5_000 });

    // Escape closes the reader, from a row's checkbox too (a Tab from the row); typing in a
    // field is never a shortcut.
    await page.keyboard.press('Enter');
    await readerShows(page, 'Middle');
    // Nor is a key pressed on a control elsewhere on the page (a stray Backspace on the
    // header's button deletes nothing).
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).focus();
    for (const key of ['Backspace', 'Delete', 'j']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    expect(await rows.count()).toBe(2);
    await readerShows(page, 'Middle');
    await page.locator('[data-message-id]').first().focus();
    await page.keyboard.press('Escape');
    await page.getByText('Select a message to read it.').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Enter');
    await readerShows(page, 'Middle');
    await rows.last().getByRole('checkbox').focus();
    await page.keyboard.press('Escape');
    await page.getByText('Select a message to read it.').waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Search messages' }).click();
    await page.getByRole('searchbox').pressSequentially('jk');
    expect(await page.getByRole('searchbox').inputValue()).toBe('jk');
    expect(await rows.count()).toBe(0);
    await context.close();
  }, 60_000);

  it('hands over the API token at purchase, then shows the Pro inbox and tools with no ads or upsell', async () => {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    // The payment takes a moment to be verified: the success page says what it is doing.
    await page.route('**/api/checkout/success?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fallback();
    });
    await payForPassInPage(page, suite.server.url);
    await page.getByRole('heading', { level: 1, name: 'Setting up Pro features…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Success!' }).waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor();
    await page.unroute('**/api/checkout/success?*');

    // The token, whole, once, with Copy beside the code rather than over it.
    const token = page.getByRole('region', { name: 'Your API token' });
    const code = token.locator('pre');
    await code.waitFor({ timeout: 10_000 });
    expect((await code.textContent())?.trim().length).toBeGreaterThan(20);
    const copy = await box(token.getByRole('button', { name: /^Copy API token$/i }));
    const codeBox = await box(code);
    expect(copy.x).toBeGreaterThanOrEqual(codeBox.x + codeBox.width);
    // As tall as the token's one-line box, and the text above does not repeat the heading.
    expect(Math.abs(copy.height - codeBox.height)).toBeLessThanOrEqual(1);
    expect(await token.getByText('This token is shown only now').count()).toBe(1);
    // The checkout's id is for support, under Details.
    expect(await page.getByText(/Checkout session/).isVisible()).toBe(false);

    await page.getByRole('link', { name: /Start using Pro/i }).click();
    await page.getByRole('heading', { level: 1, name: 'Your Pro inbox' }).waitFor();
    // The address is the persistent one, labelled Pro, not a temporary one.
    await page.getByRole('heading', { level: 2, name: 'Your persistent address' }).waitFor();
    expect(await page.getByText('Your temporary email address').count()).toBe(0);
    await page.getByTestId('message-row').or(page.getByText('Your inbox is empty')).waitFor();
    const tools = page.getByRole('region', { name: 'Your Pro tools' });
    expect(await tools.getByRole('button').allTextContents()).toEqual([
      'Create custom alias',
      'Email forwarding',
      'Webhooks',
      'API documentation',
    ]);
    expect(await page.getByRole('complementary', { name: 'Advertisement' }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: /upgrade|go pro/i })
        .or(page.getByRole('link', { name: /upgrade|go pro/i }))
        .count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'New address', exact: true }).count()).toBe(0);

    // One press from the inbox to a Pro tool; the profile has the token (still whole in this
    // tab, which read it at purchase) with "Create a new token", ids under Details, and one
    // clear Sign out.
    await tools.getByRole('button', { name: /API documentation/i }).click();
    await page.getByRole('dialog', { name: /API documentation/i }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Your Pro profile' });
    const api = profile.getByRole('region', { name: 'API access' });
    await api
      .locator('pre')
      .or(api.getByText(/Your token starts with/))
      .waitFor();
    expect(await api.getByRole('button', { name: 'Create a new token' }).count()).toBe(1);
    const userId = profile.getByText('User ID');
    expect(await userId.isVisible()).toBe(false);
    await profile.getByText('Details', { exact: true }).click();
    expect(await userId.isVisible()).toBe(true);
    expect(await profile.getByRole('button', { name: 'Sign out', exact: true }).count()).toBe(1);
    // A pass is sold as no subscription, and its section does not call it one.
    expect(await profile.getByRole('heading', { name: 'Your pass' }).count()).toBe(1);
    expect(await profile.getByRole('heading', { name: 'Subscription' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('signs out behind one transition, then gives the browser a new free address', async () => {
    const { context, page, address } = await proInboxOnLaptop();
    await page.getByRole('heading', { level: 1, name: 'Your Pro inbox' }).waitFor();
    // Anything that shows the Pro address as a free one before the reload is reported.
    let flashes = 0;
    await page.exposeFunction('reportFlash', () => (flashes += 1));
    await page.evaluate((proAddress) => {
      const report = (window as unknown as { reportFlash: () => void }).reportFlash;
      const check = () => {
        const field = document.querySelector<HTMLInputElement>(
          'input[aria-label="Temporary email address"]',
        );
        const freeLabel = document.body.textContent?.includes('Your temporary email address');
        if (freeLabel && field?.value === proAddress) report();
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }, address);

    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Your Pro profile' });
    // A pass bought with no email: no link signs in to it, so nothing to sign out elsewhere,
    // and leaving is said to be for good.
    expect(await profile.getByRole('button', { name: 'Sign out everywhere' }).count()).toBe(0);
    await profile.getByRole('button', { name: 'Sign out', exact: true }).click();
    const reloaded = page.waitForEvent('load');
    const confirm = page.getByRole('alertdialog', { name: 'Sign out?' });
    await confirm
      .getByText(/This account has no email, so no link can sign in to it again/)
      .waitFor();
    await confirm.getByRole('button', { name: 'Sign out', exact: true }).click();
    // The transition covers the page until it loads again, signed out.
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
    await reloaded;
    const free = page.getByRole('textbox', { name: 'Temporary email address' });
    await page.getByText('Your temporary email address').waitFor({ timeout: 10_000 });
    await expect.poll(() => free.inputValue()).toMatch(/@/);
    expect(await free.inputValue()).not.toBe(address);
    expect(flashes).toBe(0);
    await context.close();
  }, 60_000);

  it('says while the inbox is read and when it could not be, and offers to try again', async () => {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    // Reads of the list are slow, then fail, until the test lets them through.
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/mailbox/messages',
      async (route) => {
        if (route.request().method() !== 'GET' || !failing) return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      },
    );
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('status').filter({ hasText: 'Fetching messages…' }).waitFor();
    const failed = page
      .getByRole('alert')
      .filter({ hasText: 'Your messages could not be loaded.' });
    await failed.waitFor({ timeout: 10_000 });
    // Not "empty": nothing is known about the inbox yet.
    expect(await page.getByText('Your inbox is empty').count()).toBe(0);
    failing = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Your inbox is empty').waitFor({ timeout: 10_000 });
    await context.close();
  }, 30_000);

  it('keeps code that could not be loaded to its own part of the page, and loads it on retry', async () => {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    // The network drops for the chunks loaded on demand: the reader's and the toast's.
    let offline = true;
    await page.route(/\/assets\/(message-view|toast-card)-[\w-]+\.js$/, (route) =>
      offline ? route.abort('internetdisconnected') : route.fallback(),
    );
    const address = await openHome(page, suite.server.url);
    await mailTo(address, 'While offline');
    const row = page.getByRole('button', { name: /While offline/ });
    await row.waitFor({ timeout: 10_000 });

    // The message says it could not be loaded; the inbox stays, and so does the page.
    await row.click();
    const failed = page.getByRole('alert').filter({ hasText: 'This message could not be loaded.' });
    await failed.waitFor({ timeout: 10_000 });
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // A toast still says what it has to, as plain text.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Email copied' }).waitFor();

    // Back online, Try again loads the reader.
    offline = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'While offline' }).waitFor({ timeout: 10_000 });
    await context.close();
  }, 60_000);

  it('shows a Pro address’s own mail when the aggregated inbox cannot be read', async () => {
    const { context, page, address } = await proInboxOnLaptop();
    await mailTo(address, 'For the Pro address');
    const row = page.getByRole('button', { name: /For the Pro address/ });
    await row.waitFor({ timeout: 10_000 });

    await page.route('**/api/messages-all', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    const notice = page.getByText(
      `Your other addresses could not be read just now, so this inbox shows ${address} only.`,
    );
    await notice.waitFor({ timeout: 10_000 });
    await row.waitFor({ timeout: 10_000 });
    await openMessage(page, 'For the Pro address');

    await page.unroute('**/api/messages-all');
    await page.getByRole('button', { name: 'Show all my addresses' }).click();
    await notice.waitFor({ state: 'hidden' });
    await row.waitFor({ timeout: 10_000 });
    await context.close();
  }, 60_000);

  it('shows in one Pro tab what another tab read or deleted, without a reload', async () => {
    const { context, page: first, address } = await proInboxOnLaptop();
    const second = await context.newPage();
    await second.goto(`${suite.server.url}/`);
    await second.getByRole('heading', { level: 1, name: 'Your Pro inbox' }).waitFor();
    await mailTo(address, 'Seen elsewhere');
    await mailTo(address, 'Deleted elsewhere');
    const row = (page: Page, subject: string) =>
      page.getByRole('button', { name: new RegExp(subject) });
    for (const page of [first, second]) {
      await row(page, 'Deleted elsewhere').waitFor({ timeout: 10_000 });
      await row(page, 'Seen elsewhere').waitFor({ timeout: 10_000 });
    }
    const seenRow = second.getByTestId('message-row').filter({ hasText: 'Seen elsewhere' });
    expect(await seenRow.getByTestId('unread-dot').count()).toBe(1);

    // Read in the first tab: the second shows it read.
    await openMessage(first, 'Seen elsewhere');
    await expect.poll(() => seenRow.getByTestId('unread-dot').count()).toBe(0);

    // Deleted in the first tab: it goes from the second.
    await closeMessage(first);
    await openMessage(first, 'Deleted elsewhere');
    await first.getByRole('button', { name: 'Delete', exact: true }).click();
    await row(second, 'Deleted elsewhere').waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  }, 60_000);
});
