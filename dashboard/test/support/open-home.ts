import type { Page } from 'playwright';

/**
 * How long opening a message may take before a test gives up: the reader waits for the paced
 * PATCH that marks it seen, then sizes the mail's frame to its content, and a loaded CI
 * machine (the whole suite on two cores) takes seconds for that.
 */
export const OPEN_MESSAGE_TIMEOUT_MS = 15_000;

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
