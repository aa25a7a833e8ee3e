// A visitor's verification mail: its code shows on the list row and in the reader with a Copy
// button, its call to act as "Open link" with the host it leads to; mail without either shows
// neither. Under the default limits, on a free address.
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { openHome, openMessage } from './support/open-home.js';

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

describeInChromium('codes and links in the inbox', (suite) => {
  for (const screen of SCREENS) {
    it(`copies the code from the list and opens the link from the reader (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: suite.server.url,
      });
      const page = await context.newPage();
      const address = await openHome(page, suite.server.url);
      await sendMail(suite.server.smtpPort, {
        from: 'Newsletter <news@paper.example>',
        to: address,
        subject: 'This week in gardening',
        text: 'Tomatoes, 12 varieties, from 3.50 EUR. Call 555 0199. Order 48151623.',
      });
      await sendMail(suite.server.smtpPort, {
        from: 'Example Shop <no-reply@shop.example>',
        to: address,
        subject: 'Confirm your email',
        text: 'Your verification code is 482913.',
        html:
          '<p>Your verification code is <b>482913</b>.</p>' +
          '<p><a href="https://shop.example/verify?t=abc">Confirm my email</a></p>',
      });

      const rows = page.getByTestId('message-row');
      const shop = rows.filter({ hasText: 'Confirm your email' });
      const news = rows.filter({ hasText: 'This week in gardening' });
      await shop.getByTestId('code-chip').waitFor({ timeout: 10_000 });
      expect(await shop.getByTestId('code-chip').textContent()).toContain('Code 482913');
      await news.waitFor({ timeout: 10_000 });
      expect(await news.getByTestId('code-chip').count()).toBe(0);
      expect(await news.getByTestId('open-link').count()).toBe(0);

      // Keyboard: from the row's open button, Tab reaches Copy, named for what it copies.
      await shop.getByRole('button', { name: /Confirm your email/ }).focus();
      await page.keyboard.press('Tab');
      const copy = shop.getByRole('button', { name: 'Copy code 482913' });
      expect(await copy.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => copy.textContent()).toBe('Copied');
      await page.getByRole('status').filter({ hasText: 'Code 482913 copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
      // Copying does not open the message.
      expect(
        await page.getByRole('heading', { level: 2, name: 'Confirm your email' }).count(),
      ).toBe(0);

      await openMessage(page, 'Confirm your email');
      const reader = page.locator('section[aria-labelledby="message-heading"]');
      expect(await reader.getByTestId('code-chip').textContent()).toContain('Code 482913');
      const open = reader.getByRole('link', { name: 'Open link · shop.example (new tab)' });
      expect(await open.textContent()).toContain('shop.example');
      expect(await open.getAttribute('href')).toBe('https://shop.example/verify?t=abc');
      expect(await open.getAttribute('target')).toBe('_blank');
      expect(await open.getAttribute('rel')).toBe('noopener noreferrer');

      // Nothing sticks out of a phone's screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    }, 60_000);
  }
});
