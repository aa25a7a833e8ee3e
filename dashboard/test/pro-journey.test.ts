// Pro in a real browser: the upgrade through the demo checkout, the success page, the Pro
// header, a custom alias, forwarding with its confirmation, the profile, and the sign-in link
// that restores Pro in a fresh browser.
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { linkMailedTo } from './support/read-outbox.js';

const PURCHASE_EMAIL = 'jane.pro@example.com';

async function shownAddress(page: Page): Promise<string> {
  const box = page.getByRole('textbox', { name: 'Temporary email address' });
  await box.waitFor({ timeout: 10_000 });
  return box.inputValue();
}

describeInChromium('Pro in Chromium', (suite) => {
  it('upgrades through the demo checkout, then uses an alias, forwarding and the profile', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await shownAddress(page);

    // The upgrade dialog: both plans with their prices, the comparison, the way back in.
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await upgrade.waitFor();
    expect(await upgrade.textContent()).toContain('$3/mo');
    expect(await upgrade.textContent()).toContain('$1');
    expect(await upgrade.getByRole('table').count()).toBe(1);
    expect(
      await upgrade.getByRole('button', { name: 'Already Pro? Sign in with your email' }).count(),
    ).toBe(1);

    await upgrade.getByRole('button', { name: 'Go Pro monthly' }).click();
    await page.waitForURL(/\/demo-checkout\//, { timeout: 10_000 });
    await page.getByLabel('Email for your Pro account').fill(PURCHASE_EMAIL);
    await page.getByRole('button', { name: 'Complete demo payment' }).click();

    await page.waitForURL(/\/pro\/success\?cs=/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor({ timeout: 10_000 });
    const sessionId = new URL(page.url()).searchParams.get('cs')!;
    expect(await page.getByText(`…${sessionId.slice(-8)}`).count()).toBe(1);
    await page.getByRole('link', { name: 'Start using Pro' }).click();

    // Home as Pro: badge, label, a stored address that lives as long as Pro.
    await page.getByText('Pro Active').waitFor({ timeout: 10_000 });
    const proAddress = await shownAddress(page);
    await page.getByText('Email stored').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Reset Pro Email' }).count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^Expires in (29|30)d /);

    // Mail to it arrives live through the Pro event stream.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    await sendMail(suite.server.smtpPort, {
      from: 'Shop <shop@example.com>',
      to: proAddress,
      subject: 'Pro main address mail',
      text: 'Hello Pro.',
    });
    await page.getByRole('button', { name: /Pro main address mail/ }).waitFor({ timeout: 5_000 });

    // A custom alias: the spec's validation first, then the new address replaces the old.
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Your Pro profile' });
    await profile.getByRole('button', { name: 'Create Custom Alias' }).click();
    const alias = page.getByRole('dialog', { name: 'Create Custom Alias' });
    await alias.getByLabel('Domain').selectOption('tempmail.test');
    await alias.getByLabel('Alias').fill('not valid!');
    await alias.getByRole('button', { name: 'Create address' }).click();
    await alias.getByText('Invalid Alias: Alias can only contain letters and numbers.').waitFor();
    await alias.getByLabel('Alias').fill('  JaneShop7 ');
    await alias.getByRole('button', { name: 'Create address' }).click();
    await alias.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => shownAddress(page)).toBe('janeshop7@tempmail.test');

    await sendMail(suite.server.smtpPort, {
      from: 'Store <store@example.com>',
      to: 'janeshop7@tempmail.test',
      subject: 'Alias mail',
      text: 'To the alias.',
    });
    const aliasRow = page.getByRole('button', { name: /Alias mail/ });
    await aliasRow.waitFor({ timeout: 5_000 });
    // One inbox for every address: the first one's mail is still there.
    expect(await page.getByRole('button', { name: /Pro main address mail/ }).count()).toBe(1);
    await aliasRow.click();
    await page.getByTestId('message-text').getByText('To the alias.').waitFor({ timeout: 5_000 });

    // Forwarding: the field only while on; pending until the destination confirms.
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    await profile.getByRole('button', { name: 'Email Forwarding' }).click();
    const forwarding = page.getByRole('dialog', { name: 'Email Forwarding' });
    await forwarding.getByRole('switch', { name: 'Forward my mail' }).waitFor();
    expect(await forwarding.getByLabel('Forward to').count()).toBe(0);
    await forwarding.getByRole('switch', { name: 'Forward my mail' }).click();
    await forwarding.getByRole('button', { name: 'Save' }).click();
    await forwarding
      .getByText('Email Required: Please enter a forwarding email address.')
      .waitFor();
    await forwarding.getByLabel('Forward to').fill('jane.real@example.org');
    await forwarding.getByRole('button', { name: 'Save' }).click();
    const status = forwarding.getByTestId('forwarding-status');
    await status.getByText(/Waiting for confirmation/).waitFor({ timeout: 5_000 });

    const confirmLink = await linkMailedTo(
      suite.server.dataDir,
      'jane.real@example.org',
      /https?:\/\/\S+\/forwarding\/confirm\S*/,
    );
    const confirmPage = await context.newPage();
    await confirmPage.goto(confirmLink);
    await confirmPage.getByRole('button', { name: 'Yes, forward it to me' }).click();
    await confirmPage.getByText(/^Confirmed: mail to/).waitFor({ timeout: 5_000 });
    await confirmPage.close();
    // The dialog checks every 10 s while it waits for the confirmation.
    await status.getByText(/^Active:/).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    // The profile: the purchase email, the plan, the time left.
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    expect(await profile.getByText(PURCHASE_EMAIL).count()).toBe(1);
    expect(await profile.getByText('Monthly Pro').count()).toBe(1);
    expect(await profile.getByTestId('pro-remaining').textContent()).toMatch(
      /^(29|30)d .* left\.$/,
    );
    expect(await profile.getByText('janeshop7@tempmail.test').count()).toBe(1);
    await context.close();
  }, 120_000);

  it('restores Pro in a fresh browser from the sign-in link in the mail', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await shownAddress(page);
    await page.getByRole('button', { name: 'Sign in to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pro' });
    await dialog.getByLabel('Purchase email').fill(` ${PURCHASE_EMAIL} `);
    await dialog.getByRole('button', { name: 'Send sign-in link' }).click();
    await dialog.getByText(/Check your inbox/).waitFor({ timeout: 5_000 });

    const link = await linkMailedTo(
      suite.server.dataDir,
      PURCHASE_EMAIL,
      /https?:\/\/\S+\/\?access_token=[A-Za-z0-9_-]+/,
    );
    await page.goto(link);
    await page.getByText('Access Restored Successfully!').waitFor({ timeout: 10_000 });
    // The token leaves the address bar at once.
    expect(new URL(page.url()).searchParams.has('access_token')).toBe(false);
    await page.getByText('Pro Active').waitFor({ timeout: 10_000 });
    await context.close();
  }, 60_000);
});
