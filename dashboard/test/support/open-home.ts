import type { Page } from 'playwright';
import { sendMail } from '../../../tests/support/send-mail.js';
import { explainTimeout } from './watch-pages.js';

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

/** Waits for the reader to show the message of `subject`, or says what the page showed. */
export function readerShows(page: Page, subject: string): Promise<void> {
  return explainTimeout(
    page,
    `The message "${subject}" did not open`,
    page
      .getByRole('heading', { level: 2, name: subject })
      .waitFor({ timeout: OPEN_MESSAGE_TIMEOUT_MS }),
  );
}

/** Opens the message of `subject` from the inbox list and waits for the reader to show it. */
export async function openMessage(page: Page, subject: string): Promise<void> {
  const row = page.getByRole('button', { name: new RegExp(subject) });
  await row.waitFor({ timeout: 10_000 });
  await row.click();
  await readerShows(page, subject);
}

/**
 * Back to the list as a reader would: "Back to inbox" where the list hides behind the
 * message (a phone), else Escape (a laptop, where both panes show and Back does not).
 */
export async function closeMessage(page: Page): Promise<void> {
  const back = page.getByRole('button', { name: 'Back to inbox' });
  if (await back.isVisible()) return back.click();
  // Escape closes the reader from the page or from inside the mail (mail-html-frame.tsx).
  await page.keyboard.press('Escape');
  await page.getByText('Select a message to read it.').waitFor({ timeout: 5_000 });
}

/**
 * Pays for the 24-hour pass the way a visitor does, through the upgrade dialog and the demo
 * checkout (no email given); the success page then takes over.
 */
export async function payForPassInPage(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/?upgrade=true`);
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await upgrade.getByRole('button', { name: 'Get the 24-hour pass' }).click();
  await page.waitForURL(/\/demo-checkout\//, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Complete demo payment' }).click();
}

/** Buys the 24-hour pass (payForPassInPage) and waits for the welcome page. */
export async function buyPassInPage(page: Page, url: string): Promise<void> {
  await payForPassInPage(page, url);
  await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor({ timeout: 10_000 });
}

/** A plain message to `to`, its text the subject: enough for a row to wait for. */
export function mailTo(smtpPort: number, to: string, subject: string): Promise<void> {
  return sendMail(smtpPort, {
    from: 'Sender <sender@example.com>',
    to,
    subject,
    text: `${subject}.`,
  });
}

/** Sends `mailTo`'s message and waits for its row in the inbox the page shows. */
export async function receiveMail(
  page: Page,
  smtpPort: number,
  to: string,
  subject: string,
): Promise<void> {
  await mailTo(smtpPort, to, subject);
  await page.getByRole('button', { name: new RegExp(subject) }).waitFor({ timeout: 10_000 });
}
