import type { Page } from 'playwright';

/**
 * Opens the home page as a visitor and waits until it is ready for mail: the address shown
 * and the live stream connected. Resolves with the address.
 */
export async function openHome(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/`);
  const addressBox = page.getByRole('textbox', { name: 'Temporary email address' }).first();
  await addressBox.waitFor({ timeout: 10_000 });
  await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 10_000 });
  return addressBox.inputValue();
}
