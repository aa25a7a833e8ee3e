// A Pro custom address that ends (issue 23, item 5), in a real browser against the real
// server: the create form offers the ending by keyboard, the address says how it ends, and
// once its first message has come over SMTP it shows as ended, in the panel and the list of
// addresses, while that message stays in the inbox and the next one is refused. The form
// offers Create only once it has the domains to make the address on.
import type { Locator, Page } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { buyPassInPage, mailTo } from './support/open-home.js';

/** Opens Create custom alias from the Pro tools; the dialog. */
async function openAliasDialog(page: Page): Promise<Locator> {
  await page
    .getByRole('region', { name: 'Your Pro tools' })
    .getByRole('button', { name: /Create custom alias/i })
    .click();
  return page.getByRole('dialog', { name: 'Create custom alias' });
}

describeInChromium('Ending custom addresses in Chromium', (suite) => {
  it('makes an address that ends after its first message, and shows it ended once mailed', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.getByRole('link', { name: /Start using Pro/i }).click();
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });

    const dialog = await openAliasDialog(page);
    await dialog.getByLabel('Alias').fill('onceonly');

    // A 24-hour pass: a week would outlast it, so it is not offered.
    const ends = dialog.getByLabel('Ends', { exact: true });
    expect(await ends.locator('option[value="week"]').isDisabled()).toBe(true);
    // A date gets its own labelled input; a past one is refused before anything is sent.
    await ends.selectOption('date');
    const date = dialog.getByLabel('End date and time');
    await date.fill('2020-01-01T09:00');
    await dialog.getByRole('button', { name: 'Create address' }).click();
    await dialog.getByText('Invalid end: the end must be in the future.').waitFor();

    // By keyboard: the choice of ending, then the checkbox, each a Tab away.
    await ends.focus();
    await page.keyboard.press('Home');
    expect(await ends.inputValue()).toBe('never');
    expect(await date.count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await ends.inputValue()).toBe('hour');
    await page.keyboard.press('Tab');
    const firstMessage = dialog.getByLabel('End after its first message');
    expect(await firstMessage.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await firstMessage.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create address' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => addressBox.inputValue()).toBe('onceonly@tempmail.test');
    const ending = page.getByTestId('address-ending');
    expect(await ending.textContent()).toMatch(
      /^Ends in (59m|1h 0m) \d+s or after its first message$/,
    );
    // That end is the one time shown, in the countdown's place: not the expiry (when its
    // mail goes) beside it, nor the heading of the address that lasts as long as Pro.
    await page.getByRole('heading', { level: 2, name: 'Your custom address' }).waitFor();
    expect(await page.getByTestId('countdown').count()).toBe(0);
    await page.getByRole('button', { name: /Your addresses/ }).click();
    const listed = page
      .getByRole('list', { name: 'Your addresses' })
      .getByRole('listitem')
      .filter({ hasText: 'onceonly@tempmail.test' });
    expect(await listed.innerText()).toMatch(
      /^onceonly@tempmail\.test\s+Ends in (59m|1h 0m) \d+s or after its first message$/,
    );
    await page.keyboard.press('Escape');

    await mailTo(suite.server.smtpPort, 'onceonly@tempmail.test', 'The only one');
    await page.getByRole('button', { name: /The only one/ }).waitFor({ timeout: 10_000 });
    await expect.poll(() => ending.textContent(), { timeout: 10_000 }).toBe('Ended');
    await page.getByText('This address has ended').waitFor();
    // Ended, it still keeps its mail until it expires: that time is back.
    await page.getByTestId('countdown').waitFor();

    // The list of addresses says it too, beside the address Pro started with.
    await page.getByRole('button', { name: /Your addresses/ }).click();
    const entry = page
      .getByRole('list', { name: 'Your addresses' })
      .getByRole('listitem')
      .filter({ hasText: 'onceonly@tempmail.test' });
    await entry.getByText('Ended', { exact: true }).waitFor();

    // A second message is refused over SMTP; the first stays in the inbox.
    await expect(
      sendMail(suite.server.smtpPort, {
        from: 'Sender <sender@example.com>',
        to: 'onceonly@tempmail.test',
        subject: 'One too many',
        text: 'Refused.',
      }),
    ).rejects.toThrow(/550 5\.1\.1 Recipient address rejected: this address has ended/);
    expect(await page.getByRole('button', { name: /The only one/ }).count()).toBe(1);

    // Taken, the alias is refused; changing it takes the refusal away.
    const again = await openAliasDialog(page);
    await again.getByLabel('Alias').fill('onceonly');
    await again.getByRole('button', { name: 'Create address' }).click();
    const refusal = again
      .getByRole('alert')
      .filter({ hasText: 'The email address is already taken. Please try a different alias.' });
    await refusal.waitFor({ timeout: 10_000 });
    await again.getByLabel('Alias').pressSequentially('2');
    await refusal.waitFor({ state: 'detached' });
    // Too many at once: the wait is the one the server asked for.
    await page.route('**/api/create-custom-email', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '34' },
        body: JSON.stringify({
          code: 'rate_limited',
          message: 'Too many new addresses from this IP address. Try again in 34 seconds.',
        }),
      }),
    );
    await again.getByRole('button', { name: 'Create address' }).click();
    await again
      .getByRole('alert')
      .filter({
        hasText: 'The mail provider is currently busy. Please wait 34 seconds and try again.',
      })
      .waitFor({ timeout: 10_000 });
    await context.close();
  }, 90_000);

  it('offers Create once the domains have come, and says so when they cannot be read', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.getByRole('link', { name: /Start using Pro/i }).click();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });

    // The list of domains is held, then refused.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/domains', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    });
    const dialog = await openAliasDialog(page);
    await dialog.getByLabel('Alias').fill('early');
    // Nothing to press while there is no domain to make the address on.
    const waiting = dialog.getByRole('button', { name: 'Loading…' });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);

    answer();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The service is temporarily unavailable. Please try again in a moment.' })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Create address' }).isDisabled()).toBe(true);
    await context.close();
  }, 60_000);
});
