// A visitor opens mail the moment it arrives, several messages in quick succession, under the
// server's default limits (mail.tm's 8 requests per second per IP): every message opens, the
// page never meets a 429, and it asks for each message once.
import type { Page, Request } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { openHome } from './support/open-home.js';

const MESSAGES = 4;

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

/** The page's calls to the mail.tm surface, and every 429 the server answered. */
function recordCalls(page: Page, origin: string) {
  const calls: { method: string; path: string }[] = [];
  const limited: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === origin) calls.push({ method: request.method(), path: url.pathname });
  });
  page.on('response', (response) => {
    if (response.status() === 429) limited.push(response.url());
  });
  const count = (method: string, path: RegExp) =>
    calls.filter((call) => call.method === method && path.test(call.path)).length;
  return { count, limited };
}

describeInChromium('opening messages as they arrive, under the default limits', (suite) => {
  for (const screen of SCREENS) {
    it(`opens each of ${MESSAGES} messages sent at once as soon as it shows (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const calls = recordCalls(page, suite.server.url);
      const address = await openHome(page, suite.server.url);

      const subjects = Array.from(
        { length: MESSAGES },
        (_, i) => `Arrival ${i + 1} of ${MESSAGES}`,
      );
      const sending = Promise.all(
        subjects.map((subject, i) =>
          sendMail(suite.server.smtpPort, {
            from: `Sender ${i + 1} <sender${i + 1}@example.com>`,
            to: address,
            subject,
            text: `Body of ${subject}`,
          }),
        ),
      );
      const back = page.getByRole('button', { name: 'Back to inbox' });
      const failed = page.getByText('This message could not be loaded');
      for (const subject of subjects) {
        const row = page.getByRole('button', { name: new RegExp(subject) });
        // Through the live stream: the 10-second poll is not what brings them.
        await row.waitFor({ timeout: 8_000 });
        await row.click();
        const heading = page.getByRole('heading', { level: 2, name: subject });
        const outcome = await Promise.race([
          heading.waitFor({ timeout: 15_000 }).then(() => 'opened'),
          failed.waitFor({ timeout: 15_000 }).then(() => 'failed'),
        ]);
        expect(outcome, subject).toBe('opened');
        expect((await page.getByTestId('message-text').textContent())?.trim()).toBe(
          `Body of ${subject}`,
        );
        // A phone shows one pane: back to the list for the next.
        if (await back.isVisible()) await back.click();
      }
      await sending;

      // Every message is seen in the list, each read once, which marked it seen on the
      // server; reopening one asks nothing.
      await expect.poll(() => page.getByTestId('unread-dot').count()).toBe(0);
      const read = /^\/api\/mailbox\/messages\/[^/]+$/;
      expect(calls.count('GET', read)).toBe(MESSAGES);
      expect(calls.count('PATCH', /^\/messages\/[^/]+$/)).toBe(0);
      const first = subjects[0]!;
      await page.getByRole('button', { name: new RegExp(first) }).click();
      await page.getByRole('heading', { level: 2, name: first }).waitFor({ timeout: 5_000 });
      expect(calls.count('GET', read)).toBe(MESSAGES);
      // A message deleted elsewhere (another client of the mailbox) leaves the list too.
      const [mercure] = await context.cookies(`${suite.server.url}/.well-known/mercure`);
      const last = subjects[MESSAGES - 1]!;
      const lastRow = page.getByTestId('message-row').filter({ hasText: last });
      const id = await lastRow.locator('[data-message-id]').getAttribute('data-message-id');
      const deleted = await fetch(`${suite.server.url}/messages/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${decodeURIComponent(mercure!.value)}` },
      });
      expect(deleted.status).toBe(204);
      await expect.poll(() => lastRow.count()).toBe(0);
      // The stream's frames change the list in place. The list is read at load and once more
      // when the stream opens; mail.tm's frames carry no codes, so a new message's frame asks
      // for one read (coalesced while one runs); seen changes and the deletion ask for none
      // (a reconnect on a loaded machine may add one).
      expect(calls.count('GET', /^\/api\/mailbox\/messages$/)).toBeLessThanOrEqual(
        2 + MESSAGES + 1,
      );
      expect(calls.limited).toEqual([]);
      expect(await failed.count()).toBe(0);
      await context.close();
    }, 60_000);
  }

  it('waits out a 429 with the reader loading, never an error', async () => {
    const page = await suite.browser.newPage();
    const address = await openHome(page, suite.server.url);
    await sendMail(suite.server.smtpPort, {
      from: 'someone@example.com',
      to: address,
      subject: 'Refused once',
      text: 'Shown after the wait.',
    });
    const row = page.getByRole('button', { name: /Refused once/ });
    await row.waitFor({ timeout: 8_000 });

    // Another tab on the same IP has spent this second: the first try is refused, as the
    // server would refuse it.
    const tries: number[] = [];
    await page.route(/\/messages\/[^/]+$/, async (route) => {
      tries.push(Date.now());
      if (tries.length > 1) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        body: JSON.stringify({
          code: 429,
          message: 'You exceeded the limit of 8 requests per second!',
        }),
      });
    });
    await page.evaluate(() => {
      const flags = window as unknown as { errorShown?: boolean };
      flags.errorShown = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('could not be loaded')) flags.errorShown = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await row.click();
    await page.getByText('Loading message…').waitFor({ timeout: 5_000 });
    await page
      .getByRole('heading', { level: 2, name: 'Refused once' })
      .waitFor({ timeout: 10_000 });
    expect(tries).toHaveLength(2);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(1_000);
    const flags = () => (window as unknown as { errorShown?: boolean }).errorShown;
    expect(await page.evaluate(flags)).toBe(false);
    await page.close();
  }, 40_000);
});
