// Pro in a real browser: the upgrade through the demo checkout, the success page, the
// purchase email confirmed in the paying browser (and refused in any other), the Pro header,
// a custom alias, forwarding with its confirmation, the profile, a pass's end, revoking the
// API token, the account once Pro has ended (the token left, Sign out), the sign-in link
// whose page asks before it signs a browser in or switches it from another account, and
// signing out everywhere.
import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { buyPassInPage } from './support/open-home.js';
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
    const freeAddress = await shownAddress(page);

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
    await page.getByLabel(/Email to sign in on your other devices/).fill(PURCHASE_EMAIL);
    await page.getByRole('button', { name: 'Complete demo payment' }).click();

    await page.waitForURL(/\/pro\/success\?cs=/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.title()).toBe('Welcome to Pro! | TempMail');
    const sessionId = new URL(page.url()).searchParams.get('cs')!;
    expect(await page.getByText(`…${sessionId.slice(-8)}`).count()).toBe(1);
    await page.getByText(`We sent a mail to ${PURCHASE_EMAIL}:`).waitFor({ timeout: 10_000 });

    // The email joins the account only from the browser that paid: the same link opened in
    // another browser is refused and stays usable.
    const confirmEmail = await linkMailedTo(
      suite.server.dataDir,
      PURCHASE_EMAIL,
      /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/,
    );
    const stranger = await suite.browser.newContext();
    const elsewhere = await stranger.newPage();
    await elsewhere.goto(confirmEmail);
    await elsewhere.getByRole('button', { name: 'Confirm email' }).click();
    await elsewhere.getByText(/Open this link in the browser you bought Pro in/).waitFor();
    await stranger.close();
    const confirmTab = await context.newPage();
    await confirmTab.goto(confirmEmail);
    await confirmTab.getByRole('button', { name: 'Confirm email' }).click();
    await confirmTab
      .getByText(`Confirmed: ${PURCHASE_EMAIL} now signs in`, { exact: false })
      .waitFor();
    // Nothing is left to press but the way back.
    expect(await confirmTab.getByRole('button', { name: 'Confirm email' }).isVisible()).toBe(false);
    expect(await confirmTab.getByRole('link').allTextContents()).toEqual(['Go to TempMail']);
    await confirmTab.close();
    await page.getByRole('link', { name: 'Start using Pro' }).click();

    // Home as Pro: badge, label, and the address bought with, now living as long as Pro.
    await page.getByText('Pro active').waitFor({ timeout: 10_000 });
    const proAddress = await shownAddress(page);
    expect(proAddress).toBe(freeAddress);
    expect(await page.getByRole('button', { name: 'Reset Pro email' }).count()).toBe(1);
    // It does not expire of itself: it is kept while Pro lasts, and says for how long.
    expect(await page.getByTestId('countdown').textContent()).toMatch(
      /^Kept while your Pro is active: (29|30)d .* left$/,
    );

    // Mail to it arrives live through the Pro event stream.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    // One stream tells of every address: a new address opens no other (mail could come
    // while one is on its way).
    let streamsOpened = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streamsOpened += 1;
    });
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
    await profile.getByRole('heading', { name: 'Subscription' }).waitFor();
    await profile.getByRole('button', { name: 'Create custom alias' }).click();
    const alias = page.getByRole('dialog', { name: 'Create custom alias' });
    await alias.getByLabel('Domain').selectOption('tempmail.test');
    await alias.getByLabel('Alias').fill('not valid!');
    await alias.getByRole('button', { name: 'Create address' }).click();
    await alias.getByText('Invalid alias: alias can only contain letters and numbers.').waitFor();
    await alias.getByLabel('Alias').fill('  JaneShop7 ');
    await alias.getByRole('button', { name: 'Create address' }).click();
    await alias.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => shownAddress(page)).toBe('janeshop7@tempmail.test');

    // A second alias in the same visit, from the Pro tools on the home page, with the domain
    // left as the form offers it.
    await page
      .getByRole('region', { name: 'Your Pro tools' })
      .getByRole('button', { name: /Create custom alias/i })
      .click();
    const second = page.getByRole('dialog', { name: /Create custom alias/i });
    await second.getByLabel('Alias').fill('janeshop8');
    await second.getByRole('button', { name: 'Create address' }).click();
    await second.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => shownAddress(page)).toBe('janeshop8@tempmail.test');

    await sendMail(suite.server.smtpPort, {
      from: 'Store <store@example.com>',
      to: 'janeshop7@tempmail.test',
      subject: 'Alias mail',
      text: 'To the alias.',
    });
    const aliasRow = page.getByRole('button', { name: /Alias mail/ });
    await aliasRow.waitFor({ timeout: 5_000 });
    expect(streamsOpened).toBe(0);
    // One inbox for every address: the first one's mail is still there.
    expect(await page.getByRole('button', { name: /Pro main address mail/ }).count()).toBe(1);
    await aliasRow.click();
    await page.getByTestId('message-text').getByText('To the alias.').waitFor({ timeout: 5_000 });
    // The Pro inbox shows a message's source too, through the product API.
    await page.getByRole('button', { name: 'View source' }).click();
    await expect
      .poll(() => page.getByTestId('message-source').textContent(), { timeout: 10_000 })
      .toContain('Subject: Alias mail');

    // Forwarding: the field only while on; pending until the destination confirms.
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    await profile.getByRole('button', { name: 'Email forwarding' }).click();
    const forwarding = page.getByRole('dialog', { name: 'Email forwarding' });
    await forwarding.getByRole('switch', { name: 'Forward my mail' }).waitFor();
    expect(await forwarding.getByLabel('Forward to').count()).toBe(0);
    await forwarding.getByRole('switch', { name: 'Forward my mail' }).click();
    await forwarding.getByRole('button', { name: 'Save' }).click();
    await forwarding
      .getByText('Email required: please enter a forwarding email address.')
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
    // A monthly plan says it renews, and when.
    expect(await profile.getByText(/^Renews on .+\.$/).count()).toBe(1);
    expect(await profile.getByTestId('pro-remaining').textContent()).toMatch(
      /^(29|30)d .* left\.$/,
    );
    expect(await profile.getByText('janeshop8@tempmail.test').count()).toBe(1);
    await context.close();
  }, 120_000);

  it('turns the page free the moment a pass ends, the profile open', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    // The page's clock, moved by the test: the 24 hours pass in a moment.
    await page.clock.install();
    await buyPassInPage(page, suite.server.url);
    await page.goto(`${suite.server.url}/`);
    const header = page.getByRole('banner');
    await header.getByText('Pro active').waitFor({ timeout: 10_000 });
    await header.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('dialog', { name: 'Profile' }).waitFor();

    await page.clock.fastForward('24:00:02');
    // No click, no reload: the Pro dialog gives way to the upgrade, and behind it the
    // header says what the user now has.
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await upgrade.waitFor({ timeout: 5_000 });
    expect(await page.getByRole('dialog', { name: 'Profile' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await upgrade.waitFor({ state: 'detached' });
    await header.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
    expect(await header.getByText('Pro active').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('revokes the API token from the profile, and makes a new one only when asked', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    const shown = page.getByRole('region', { name: 'Your API token' }).locator('pre');
    await shown.waitFor({ timeout: 10_000 });
    const token = (await shown.textContent())!.trim();
    const me = async (bearer: string) =>
      (
        await fetch(`${suite.server.url}/v1/me`, {
          headers: { Authorization: `Bearer ${bearer}` },
        })
      ).status;
    expect(await me(token)).toBe(200);

    const openApiAccess = async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Profile' }).click();
      return page.getByRole('dialog', { name: 'Profile' }).getByRole('region', {
        name: 'API access',
      });
    };
    await page.goto(`${suite.server.url}/`);
    let api = await openApiAccess();
    await api.getByText(/Your token starts with/).waitFor({ timeout: 10_000 });
    // Asked first: programs that use it stop working.
    await api.getByRole('button', { name: 'Revoke token' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the token?' });
    await confirm.getByText(/Revoking ends the token at once/).waitFor();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await api.getByText('You have no API token', { exact: false }).waitFor();
    await api.getByRole('status').filter({ hasText: 'Token revoked.' }).waitFor();
    // The revoke button went with the token; focus is on the one that makes a new one.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Create a token');
    expect(await api.getByRole('button', { name: 'Revoke token' }).count()).toBe(0);
    expect(await me(token)).toBe(401);

    // A reload shows no token: none was made behind the user's back.
    await page.reload();
    api = await openApiAccess();
    await api.getByText(/You have no API token/).waitFor({ timeout: 10_000 });
    await api.getByRole('button', { name: 'Create a token' }).click();
    const fresh = api.locator('pre');
    await fresh.waitFor();
    const made = (await fresh.textContent())!.trim();
    expect(made).not.toBe(token);
    expect(await me(made)).toBe(200);
    await api.getByRole('status').filter({ hasText: 'New token created' }).waitFor();
    // Replacing a live token is asked first too; Cancel keeps it.
    await api.getByRole('button', { name: 'Create a new token' }).click();
    const replace = page.getByRole('alertdialog', { name: 'Create a new token?' });
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await replace.waitFor({ state: 'detached' });
    expect((await fresh.textContent())!.trim()).toBe(made);
    expect(await me(made)).toBe(200);
    await context.close();
  }, 60_000);

  it('shows an account whose Pro ended its token and forwarding, to end, and signs it out', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?upgrade=true`);
    await page
      .getByRole('dialog', { name: 'Upgrade to Pro' })
      .getByRole('button', { name: 'Get the 24-hour pass' })
      .click();
    await page.waitForURL(/\/demo-checkout\//, { timeout: 10_000 });
    await page.getByLabel(/Email to sign in on your other devices/).fill('ended@example.com');
    await page.getByRole('button', { name: 'Complete demo payment' }).click();
    const shown = page.getByRole('region', { name: 'Your API token' }).locator('pre');
    await shown.waitFor({ timeout: 10_000 });
    const token = (await shown.textContent())!.trim();
    const confirmEmail = await linkMailedTo(
      suite.server.dataDir,
      'ended@example.com',
      /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/,
    );
    await page.goto(confirmEmail);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('Confirmed: ended@example.com', { exact: false }).waitFor();
    // Forwarding, on and confirmed in Pro time.
    const asked = await page.evaluate(async () => {
      const body = JSON.stringify({ forwardingEmail: 'kept@example.org', enabled: true });
      const headers = { 'Content-Type': 'application/json' };
      return (await fetch('/api/update-forwarding', { method: 'POST', headers, body })).status;
    });
    expect(asked).toBe(200);
    await page.goto(
      await linkMailedTo(
        suite.server.dataDir,
        'kept@example.org',
        /https?:\/\/\S+\/forwarding\/confirm\S*/,
      ),
    );
    await page.getByRole('button', { name: 'Yes, forward it to me' }).click();
    await page.getByText(/^Confirmed: mail to/).waitFor({ timeout: 5_000 });
    // A webhook, made in Pro time too.
    const hooked = await page.evaluate(async () => {
      const body = JSON.stringify({ url: 'https://hooks.example.org/in' });
      const headers = { 'Content-Type': 'application/json' };
      return (await fetch('/api/webhooks', { method: 'POST', headers, body })).status;
    });
    expect(hooked).toBe(201);

    // The pass runs out on the server; the token made in Pro time still reads, for free.
    const database = new BetterSqlite3(path.join(suite.server.dataDir, 'tempmail.db'));
    try {
      const ended = database
        .prepare('update users set pro_expires_at = ? where email = ?')
        .run(Date.now() - 60_000, 'ended@example.com');
      expect(ended.changes).toBe(1);
    } finally {
      database.close();
    }
    const me = async () =>
      (await fetch(`${suite.server.url}/v1/me`, { headers: { Authorization: `Bearer ${token}` } }))
        .status;
    expect(await me()).toBe(200);

    await page.goto(`${suite.server.url}/`);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Upgrade to Pro' }).waitFor({ timeout: 10_000 });
    await header.getByRole('button', { name: 'Your account' }).click();
    const account = page.getByRole('dialog', { name: 'Your account' });
    await account.getByText('Signed in as ended@example.com').waitFor();
    await account.getByText(/^Your Pro ended on /).waitFor();
    const api = account.getByRole('region', { name: 'API access' });
    await api
      .getByText(`Your token that starts with ${token.slice(0, 10)}`, { exact: false })
      .waitFor({ timeout: 10_000 });
    // Without Pro, the token can be ended but no new one made.
    expect(await api.getByRole('button', { name: /Create/ }).count()).toBe(0);
    await api.getByRole('button', { name: 'Revoke token' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke the token?' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    const none = api.getByText('You have no API token.');
    await none.waitFor();
    await expect.poll(() => none.evaluate((line) => line === document.activeElement)).toBe(true);
    expect(await me()).toBe(401);
    // Forwarding is paused without Pro; it can be turned off for good.
    const forwarding = account.getByRole('region', { name: 'Email forwarding' });
    await forwarding.getByText(/^Forwarding to kept@example\.org is paused/).waitFor();
    await forwarding.getByRole('button', { name: 'Turn off forwarding' }).click();
    await forwarding.getByRole('status').filter({ hasText: 'Forwarding is off.' }).waitFor();
    const settings = await page.evaluate(async () =>
      (await fetch('/api/forwarding-settings')).json(),
    );
    expect(settings).toMatchObject({ enabled: false, status: 'off' });
    // So are webhooks, each to delete.
    const webhooks = account.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByText(/^This webhook delivers nothing without Pro/).waitFor();
    await webhooks
      .getByRole('button', { name: 'Delete the webhook to https://hooks.example.org/in' })
      .click();
    await account.getByRole('status').filter({ hasText: 'Webhook deleted.' }).waitFor();
    await expect.poll(() => webhooks.count()).toBe(0);

    // The way back to Pro, and out of the account.
    await account.getByRole('button', { name: 'Get Pro again' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pro' }).waitFor();
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Your account' }).click();
    await account.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign out?' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .click();
    await header.getByRole('button', { name: 'Sign in to Pro' }).waitFor({ timeout: 10_000 });
    expect(await header.getByRole('button', { name: 'Your account' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('signs a fresh browser in from the link in the mail, after asking, and all out at once', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await shownAddress(page);
    await page.getByRole('button', { name: 'Sign in to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pro' });
    await dialog.getByLabel('Account email').fill(` ${PURCHASE_EMAIL} `);
    await dialog.getByRole('button', { name: 'Send sign-in link' }).click();
    await dialog.getByText(/a sign-in link is on its way/).waitFor({ timeout: 5_000 });

    const link = await signInLinkFor(PURCHASE_EMAIL);
    await page.goto(link);
    await page.getByText('Sign in to j***@example.com (Pro, monthly) in this browser?').waitFor();
    // Nothing happened yet: the page only looked.
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Access restored successfully.').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).searchParams.has('signed_in')).toBe(false);
    await page.getByText('Pro active').waitFor({ timeout: 10_000 });

    // A second device signed in the same way; from this one, both are signed out.
    const elsewhere = await suite.browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(await signInLinkFor(PURCHASE_EMAIL, elsewhere));
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByText('Pro active').waitFor({ timeout: 10_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Your Pro profile' }).click();
    await page
      .getByRole('dialog', { name: 'Your Pro profile' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await confirm.getByText(/Every browser signed in to your account/).waitFor();
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Sign in to Pro' }).waitFor({ timeout: 10_000 });
    // The other device, left open, turns into a visitor's page by itself (its inbox's next
    // read is refused), and never says the server is unreachable.
    await other.getByRole('button', { name: 'Sign in to Pro' }).waitFor({ timeout: 20_000 });
    expect(await other.getByText('Pro active').count()).toBe(0);
    expect(await other.getByText(/Server unreachable/).count()).toBe(0);
    expect(await other.getByText('Offline', { exact: true }).count()).toBe(0);
    await elsewhere.close();
    await context.close();
  }, 60_000);

  it('says which account a sign-in link switches to, and switches only when asked', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    // This browser has Pro of its own, bought with no email.
    await buyPassInPage(page, suite.server.url);

    const link = await signInLinkFor(PURCHASE_EMAIL, context);
    await page.goto(link);
    await page
      .getByText(
        /This browser is signed in to another account now: an account without an email \(Pro, 24-hour pass\)/,
      )
      .waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByText('Pro active').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Your Pro profile' })
        .getByText(PURCHASE_EMAIL)
        .count(),
    ).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(link);
    await page.getByRole('button', { name: 'Switch account' }).click();
    await page.getByText('Access restored successfully.').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Your Pro profile' }).click();
    await page
      .getByRole('dialog', { name: 'Your Pro profile' })
      .getByText(PURCHASE_EMAIL)
      .waitFor();
    await context.close();
  }, 90_000);

  /** Asks for a sign-in link for `email` (from `context`'s cookies, or none) and reads it from the mail. */
  async function signInLinkFor(email: string, context?: BrowserContext): Promise<string> {
    const pattern = /https?:\/\/\S+\/sign-in\?token=[A-Za-z0-9_-]+/;
    let previous: string | undefined;
    if (context) {
      previous = await linkMailedTo(suite.server.dataDir, email, pattern, { timeoutMs: 0 }).catch(
        () => undefined,
      );
      const response = await context.request.post(`${suite.server.url}/api/access-recovery`, {
        data: { email },
        headers: { Origin: suite.server.url },
      });
      expect(response.status()).toBe(202);
    }
    return linkMailedTo(suite.server.dataDir, email, pattern, { except: previous });
  }
});
