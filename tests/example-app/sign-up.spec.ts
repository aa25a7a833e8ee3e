// Playwright Test with the `inbox` fixture: each test gets an address of its own.
import { expect, test } from '@tempmail/sdk/playwright';

test('a sign-up is confirmed with the code from the mail', async ({ page, inbox }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(inbox.address);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading')).toHaveText('Check your mail');

  const { code } = await inbox.waitForCode({
    match: { from: 'example-app.test' },
    timeout: 15_000,
  });
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading')).toHaveText('Email confirmed');
});
