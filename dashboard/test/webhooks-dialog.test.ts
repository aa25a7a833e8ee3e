// A Pro user sets up a webhook from the Pro tools, under the server's default settings:
// loopback is refused, a public URL is taken and its secret shown once, a test delivery
// shows in the log, and the webhook can be given a new secret and deleted. By keyboard and
// by role, as a screen reader finds them.
import { expect, it } from 'vitest';
import { describeInChromium } from './support/describe-in-chromium.js';
import { buyPassInPage } from './support/open-home.js';

describeInChromium('webhooks in the dashboard', (suite) => {
  it('refuses loopback, shows the secret once, logs a test delivery, rotates and deletes', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.goto(`${suite.server.url}/`);
    await page
      .getByRole('region', { name: 'Your Pro tools' })
      .getByRole('button', { name: 'Webhooks' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Webhooks' });
    await dialog.getByText('No webhooks yet.').waitFor({ timeout: 10_000 });

    const url = dialog.getByLabel('Webhook URL');
    await url.fill('not a url');
    await url.press('Enter');
    await dialog.getByRole('alert').filter({ hasText: 'https:// or http://' }).waitFor();
    await url.fill('http://127.0.0.1:9/hook');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const refused = dialog
      .getByRole('alert')
      .filter({ hasText: 'private, loopback or link-local' });
    await refused.waitFor({ timeout: 5_000 });
    // The server's refusal is the field's error, as the form's own check is.
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await url.getAttribute('aria-describedby')).toContain(
      (await refused.getAttribute('id'))!,
    );

    await url.fill('https://hooks.example.com/tempmail');
    // The addresses offered: all of them, or the Pro address the visit made.
    const which = dialog.getByLabel('For which address');
    await expect.poll(() => which.locator('option').count()).toBeGreaterThan(1);
    expect(await which.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('Your signing secret, shown only now').waitFor({ timeout: 5_000 });
    const secret = (await dialog.getByRole('status').filter({ hasText: 'whsec_' }).textContent())!;
    const shown = /whsec_[A-Za-z0-9_-]{43}/.exec(secret)![0];
    const item = dialog.getByTestId('webhook').filter({ hasText: 'hooks.example.com' });
    await item.getByText('For all your addresses').waitFor();
    expect(await item.textContent()).toContain(`whsec_…${shown.slice(-4)}`);

    // Each webhook's buttons say which webhook they act on, and its item is a group named so.
    const shownUrl = (await item.locator('p').first().textContent())!;
    expect(await dialog.getByRole('group', { name: shownUrl }).count()).toBe(1);
    for (const name of ['Send test', 'Delete'])
      expect(await item.getByRole('button', { name }).getAttribute('aria-describedby')).toBe(
        await item.locator('p').first().getAttribute('id'),
      );
    await item.getByRole('button', { name: 'Send test' }).click();
    const row = item.getByTestId('webhook-delivery');
    await row.first().waitFor({ timeout: 10_000 });
    expect(await row.first().textContent()).toContain('Test');
    expect(
      await item.getByRole('button', { name: 'Hide deliveries' }).getAttribute('aria-expanded'),
    ).toBe('true');

    await item.getByRole('button', { name: 'New secret' }).click();
    await expect
      .poll(async () => /whsec_[A-Za-z0-9_-]{43}/.exec((await dialog.textContent()) ?? '')?.[0])
      .not.toBe(shown);

    // Deleting asks first; Cancel keeps it and gives focus back to Delete.
    const remove = item.getByRole('button', { name: 'Delete', exact: true });
    await remove.click();
    const confirm = item.getByRole('button', { name: 'Yes, delete it' });
    await expect
      .poll(() => confirm.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await item.getByRole('button', { name: 'Cancel' }).click();
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    // A second webhook's secret, shown now, stays when the first is deleted; each one's goes
    // with it.
    await url.fill('https://other.example.com/hook');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const second = dialog.getByTestId('webhook').filter({ hasText: 'other.example.com' });
    await second.waitFor({ timeout: 5_000 });
    const secondSecret = /whsec_[A-Za-z0-9_-]{43}/.exec((await dialog.textContent()) ?? '')![0];
    await remove.click();
    await confirm.click();
    await expect.poll(() => dialog.getByTestId('webhook').count()).toBe(1);
    expect(await dialog.textContent()).toContain(secondSecret);
    await second.getByRole('button', { name: 'Delete', exact: true }).click();
    await second.getByRole('button', { name: 'Yes, delete it' }).click();
    await dialog.getByText('No webhooks yet.').waitFor({ timeout: 5_000 });
    // Gone with it: its secret from the screen, and focus moves to adding one.
    expect(await dialog.getByText('whsec_').count()).toBe(0);
    await expect.poll(() => url.evaluate((field) => field === document.activeElement)).toBe(true);
    // Closing forgets the secret: it is never shown again.
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: 'Your Pro tools' })
      .getByRole('button', { name: 'Webhooks' })
      .click();
    await dialog.getByText('No webhooks yet.').waitFor({ timeout: 5_000 });
    expect(await dialog.getByText('whsec_').count()).toBe(0);
    await context.close();
  }, 60_000);
});
