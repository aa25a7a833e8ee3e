// The home page in a real browser against the real server, as `npm start` serves it: the
// address appears, mail sent over SMTP shows up without a reload, and it opens as text.
import type { Locator } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { OPEN_MESSAGE_TIMEOUT_MS, openHome, receiveMail } from './support/open-home.js';

const ADDRESS = /^[a-z0-9]+@tempmail\.test$/;

describeInChromium('the home page in Chromium', (suite) => {
  it('shows an address, receives mail live and opens it as text', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/`);
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    const address = await addressBox.inputValue();
    expect(address).toMatch(ADDRESS);
    expect(await page.getByTestId('countdown').textContent()).toMatch(
      /^Expires in (1h 0m 0s|59m \d+s)$/,
    );

    // Wait for the stream, so the message below can only arrive through it.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    // The list as first read is not news.
    expect(await page.getByTestId('inbox-announcement').textContent()).toBe('');
    await sendMail(suite.server.smtpPort, {
      from: 'Alice Example <alice@example.com>',
      to: address,
      subject: 'Hello from the browser test',
      text: 'First line\n<b>not bold</b> & <script>alert(1)</script>',
    });

    // Under the 10-second poll: only the live stream can bring it this fast.
    const row = page.getByRole('button', { name: /Hello from the browser test/ });
    await row.waitFor({ timeout: 5_000 });
    expect(await row.textContent()).toContain('Alice Example');
    expect(await row.textContent()).toContain('Now');
    // And a screen reader is told, through a status that was on the page before it came.
    await expect
      .poll(() => page.getByTestId('inbox-announcement').textContent())
      .toBe('New message from Alice Example: Hello from the browser test');
    // The same words again are said again: the region empties before it speaks.
    const spoken: string[] = [];
    await page.exposeFunction('heard', (text: string) => spoken.push(text));
    await page.getByTestId('inbox-announcement').evaluate((region) =>
      new MutationObserver(() => {
        if (region.textContent)
          (window as unknown as { heard: (text: string) => void }).heard(region.textContent);
      }).observe(region, { childList: true, characterData: true, subtree: true }),
    );
    await sendMail(suite.server.smtpPort, {
      from: 'Alice Example <alice@example.com>',
      to: address,
      subject: 'Hello from the browser test',
      text: 'Sent again.',
    });
    await expect
      .poll(() => spoken)
      .toEqual(['New message from Alice Example: Hello from the browser test']);

    // The first of the two, the older, below.
    await row.last().click();
    const text = page.getByTestId('message-text');
    // Opening is not what this test times (the live row above is): a loaded CI machine may
    // take longer than a person would notice.
    await text.waitFor({ timeout: 15_000 });
    // Shown as typed: the markup in the text body is text, not elements.
    expect(await text.locator('b, script').count()).toBe(0);
    expect((await text.textContent())?.trim()).toBe(
      'First line\n<b>not bold</b> & <script>alert(1)</script>',
    );
    expect(
      await page.getByRole('heading', { level: 2, name: 'Hello from the browser test' }).count(),
    ).toBe(1);

    // A body of white space alone is said to be empty, not shown as a blank reader.
    await sendMail(suite.server.smtpPort, {
      from: 'Alice Example <alice@example.com>',
      to: address,
      subject: 'Nothing to say',
      text: '\n',
    });
    await page.getByRole('button', { name: /Nothing to say/ }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Nothing to say' })
      .waitFor({ timeout: 15_000 });
    expect((await text.textContent())?.trim()).toBe('No content available');
    await page.close();
  }, 60_000);

  it('keeps focus on New address while it makes one, and says the new address', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/`);
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    const first = await addressBox.inputValue();
    const button = page.getByRole('button', { name: 'New address', exact: true }).first();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => addressBox.inputValue(), { timeout: 10_000 }).not.toBe(first);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // And a screen reader hears the new address.
    expect(await page.getByTestId('address-announcement').textContent()).toBe(
      `New address: ${await addressBox.inputValue()}`,
    );
    await page.close();
  }, 30_000);

  it('shows mail that came after the list was read and before the stream started', async () => {
    const page = await suite.browser.newPage();
    const listRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/mailbox/messages',
      { timeout: 15_000 },
    );
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    // The stream is held until the list has been answered and a mail has come: only a read
    // of the list made once the stream is open can show it (the poll is off while live).
    await page.route('**/.well-known/mercure**', async (route) => {
      await listRead;
      await sendMail(suite.server.smtpPort, {
        from: 'Bob Example <bob@example.com>',
        to: await addressBox.inputValue(),
        subject: 'Before the stream',
        text: 'Sent while the stream was on its way.',
      });
      await route.continue();
    });
    await page.goto(`${suite.server.url}/`);
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: /Before the stream/ })
      .waitFor({ timeout: OPEN_MESSAGE_TIMEOUT_MS });
    await page.close();
  }, 60_000);

  it('puts each new mail at the top, and never moves the rows already shown', async () => {
    const page = await suite.browser.newPage();
    // Every order the list takes, frame by frame: mail of the same second, announced by the
    // stream (whole seconds) and then read again with the list (milliseconds), must not swap.
    await page.addInitScript(`
      window.rowOrders = [];
      const look = () => {
        const order = [...document.querySelectorAll('button[data-message-id]')]
          .map((row) => row.dataset.messageId).join(' ');
        if (window.rowOrders.at(-1) !== order) window.rowOrders.push(order);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    `);
    const address = await openHome(page, suite.server.url);
    for (const subject of ['Order one', 'Order two', 'Order three']) {
      // The list's own read, which follows each new mail (for its codes), has answered.
      const listRead = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/mailbox/messages',
        { timeout: 10_000 },
      );
      await receiveMail(page, suite.server.smtpPort, address, subject);
      await listRead;
    }
    // Two frames, so the last read's rows have been painted and looked at.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const orders = (await page.evaluate('window.rowOrders')) as string[];
    const shown = orders.filter((order) => order !== '').map((order) => order.split(' '));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const [index, rows] of shown.entries()) {
      if (index > 0) expect(rows.slice(1)).toEqual(shown[index - 1]);
    }
    expect(shown.at(-1)).toHaveLength(3);
    await page.close();
  }, 60_000);

  it('searches, filters and selects in the inbox, and marks an opened message seen', async () => {
    const page = await suite.browser.newPage();
    const address = await openHome(page, suite.server.url);

    await sendMail(suite.server.smtpPort, {
      from: 'Bob Builder <bob@example.com>',
      to: address,
      subject: 'Invoice for March',
      text: 'Amount due: 42 EUR',
    });
    // mail.tm times have whole seconds: the second message must be the newer one.
    await page.waitForTimeout(1_100);
    await sendMail(suite.server.smtpPort, {
      from: 'Carol Cook <carol@example.com>',
      to: address,
      subject: 'Lunch on Friday',
      text: 'Shall we meet at the usual place at noon?',
    });
    const rows = page.getByTestId('message-row');
    const invoice = rows.filter({ hasText: 'Invoice for March' });
    const lunch = rows.filter({ hasText: 'Lunch on Friday' });
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(2);
    expect((await page.getByTestId('message-count').textContent())?.trim()).toMatch(/^2/);
    // Newest first; the New badge on the newest while unseen, the dot on every unseen one.
    expect(await rows.first().textContent()).toContain('Lunch on Friday');
    expect(await lunch.getByTestId('new-badge').count()).toBe(1);
    expect(await invoice.getByTestId('new-badge').count()).toBe(0);
    expect(await page.getByTestId('unread-dot').count()).toBe(2);

    // Search: over the sender, subject and intro.
    await page.getByRole('button', { name: 'Search messages' }).click();
    const search = page.getByRole('searchbox', { name: 'Search by sender, subject or text' });
    await search.fill('invoice');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Invoice for March');
    await search.fill('CAROL');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Lunch on Friday');
    await search.fill('no such words');
    await page.getByText('No matching messages').waitFor({ timeout: 2_000 });
    // Escape closes the search and clears it.
    await search.press('Escape');
    await expect.poll(() => rows.count()).toBe(2);

    // Opening a message reads it, which marks it seen on the server, and in the list at once.
    const opened = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname.startsWith('/api/mailbox/messages/'),
    );
    await lunch.getByRole('button', { name: /Lunch on Friday/ }).click();
    const read = await opened;
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({ subject: 'Lunch on Friday', seen: true });
    await expect.poll(() => lunch.getByTestId('unread-dot').count()).toBe(0);
    // The badge stays on the first row when sorted by date, read or not.
    expect(await lunch.getByTestId('new-badge').count()).toBe(1);
    expect(await invoice.getByTestId('unread-dot').count()).toBe(1);

    await page.getByRole('button', { name: 'Filter and sort' }).click();
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Invoice for March');
    // Narrowed, the first row shown carries it.
    expect(await invoice.getByTestId('new-badge').count()).toBe(1);
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Lunch on Friday');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Sender', exact: true }).click();
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('Bob');
    expect(await page.getByTestId('new-badge').count()).toBe(0);

    // Selecting shows Clear and the bulk actions, which work for a free address too; we are
    // receive-only, so there is no Archive (or Reply).
    await invoice.getByRole('checkbox').check();
    const tools = page.getByRole('toolbar', { name: 'Selected messages' });
    await tools.getByText('1 selected').waitFor({ timeout: 2_000 });
    // Said by a status that was on the page before the toolbar came, with where the toolbar
    // is: above the list, behind the reader's Tab.
    await page
      .getByRole('status')
      .filter({ hasText: /^1 selected What you can do with them is above the list\.$/ })
      .waitFor();
    for (const action of ['Mark as read', 'Delete']) {
      const button = tools.getByRole('button', { name: action, exact: true });
      expect(await button.isEnabled()).toBe(true);
      expect(await button.getAttribute('aria-disabled')).not.toBe('true');
    }
    expect(await tools.getByRole('button', { name: /Archive|Pro/ }).count()).toBe(0);
    await tools.getByRole('button', { name: 'Clear' }).click();
    expect(await tools.count()).toBe(0);
    expect(await invoice.getByRole('checkbox').isChecked()).toBe(false);

    // The controls and rows still fit a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone shows one pane at a time: the open message first, the list behind Back.
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await page.getByRole('button', { name: 'Search messages' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The connection's badge is not drawn on a phone, but its status is there to announce a
    // change (display:none would take it out of what a screen reader hears).
    const badge = page.getByRole('banner').getByRole('status');
    expect(await badge.textContent()).toBe('Online');
    expect(
      await badge.evaluate((element) => element.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(1);
    await page.close();
  }, 60_000);

  it('serves the app for the payment return pages and keeps the API paths', async () => {
    for (const route of ['/pro/success', '/pro/cancel']) {
      const response = await fetch(`${suite.server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    const html = { headers: { Accept: 'text/html' } };
    expect((await fetch(`${suite.server.url}/api/nothing-here`, html)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/v1/nothing-here`, html)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/healthz`, html)).status).toBe(200);
    expect((await fetch(`${suite.server.url}/no-such-file.js`)).status).toBe(404);

    const index = await (await fetch(`${suite.server.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${suite.server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('shows Expired at the end and stops polling the expired mailbox', async () => {
    const page = await suite.browser.newPage();
    // No stream for this page: the inbox falls back to its 10-second poll.
    await page.route('**/.well-known/mercure**', (route) => route.abort());
    // The page's clock, moved by the test: the hour passes in a moment.
    await page.clock.install();
    const polls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/mailbox/messages') polls.push(Date.now());
    });
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor();
    // Time moves on in poll steps: the poll's timer may be set a little after the address shows
    // (a loaded machine), and a jump fires each due timer once.
    await expect
      .poll(async () => {
        await page.clock.fastForward('00:11');
        return polls.length;
      })
      .toBeGreaterThan(1);

    await page.clock.fastForward('01:00:01');
    await page
      .getByTestId('countdown')
      .filter({ hasText: /^Expired$/ })
      .waitFor({ timeout: 5_000 });
    const before = polls.length;
    // A minute past expiry: six polls' worth of time, and not one is sent.
    await page.clock.fastForward('01:00');
    await page.waitForTimeout(300);
    expect(polls.length).toBe(before);
    // And the inbox says it no longer receives, rather than that it checks or waits.
    await page.getByText('Not receiving', { exact: true }).waitFor();
    expect(await page.getByText(/Checking every|Waiting for incoming messages/).count()).toBe(0);
    await page.close();
  }, 30_000);

  it('says when the server cannot be reached, and when it can again', async () => {
    const page = await suite.browser.newPage();
    // No stream: the inbox polls, and the test decides whether its reads get through.
    await page.route('**/.well-known/mercure**', (route) => route.abort());
    let down = false;
    await page.route(
      (url) => url.pathname === '/api/mailbox/messages',
      (route) => (down ? route.abort('connectionrefused') : route.fallback()),
    );
    await page.clock.install();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor();
    const badge = page.getByRole('banner').getByRole('status');
    await badge.filter({ hasText: 'Online' }).waitFor();
    await page.getByText('Checking every 10 seconds').waitFor();
    const afterPolls = async () => {
      await page.clock.fastForward('00:11');
      return badge.textContent();
    };

    down = true;
    await expect.poll(afterPolls).toBe('Offline');
    await page.getByText('Server unreachable, retrying every 10 seconds').waitFor();
    down = false;
    await expect.poll(afterPolls).toBe('Online');
    await page.getByText('Checking every 10 seconds').waitFor();
    await page.close();
  }, 30_000);

  it('fits a phone screen (390×844)', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor();
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    for (const name of ['Copy', 'New address']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await context.close();
  }, 30_000);

  it('keeps the page below in place while the address and the inbox arrive, on a phone', async () => {
    // German: its empty-inbox texts take the most lines on a narrow phone.
    const context = await suite.browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: 'de-DE',
    });
    const page = await context.newPage();
    // The address arrives late, so the page is seen as it first paints, waiting for it.
    await page.route('**/api/addresses', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fallback();
    });
    await page.goto(`${suite.server.url}/de`);
    const below = page.getByRole('heading', { level: 2, name: 'Mehr möglich mit TempMail Pro' });
    const waitingTop = (await below.boundingBox())!.y;
    await page.getByTestId('countdown').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Posteingang', exact: true }).waitFor();
    expect((await below.boundingBox())!.y).toBe(waitingTop);
    await context.close();
  }, 30_000);

  it('shows the list or the message on a phone, and goes back to the row', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    const address = await addressBox.inputValue();
    await sendMail(suite.server.smtpPort, {
      from: 'Dana Phone <dana@example.com>',
      to: address,
      subject: 'Read me on a phone',
      text: 'Small screens show one pane. Your code is 482913.',
    });
    const row = page.getByRole('button', { name: /Read me on a phone/ });
    // Through the stream or, at worst, the 10-second poll.
    await row.waitFor({ timeout: 15_000 });
    const inbox = page.getByRole('heading', { name: 'Inbox', exact: true });
    const back = page.getByRole('button', { name: 'Back to inbox' });
    expect(await inbox.isVisible()).toBe(true);
    expect(await page.getByTestId('message-text').count()).toBe(0);
    expect(await back.count()).toBe(0);
    // Targets a finger can hit: the row's checkbox (its label) and the code's Copy.
    const tapTarget = async (locator: Locator) => {
      const found = (await locator.boundingBox())!;
      return { width: Math.round(found.width), height: Math.round(found.height) };
    };
    const checkbox = page.locator('label', { has: page.getByRole('checkbox') }).first();
    expect(await tapTarget(checkbox)).toEqual({ width: 40, height: 40 });
    const copyCode = page.getByRole('button', { name: /Copy code 482913/ }).first();
    expect((await tapTarget(copyCode)).height).toBeGreaterThanOrEqual(24);

    await row.click();
    await page.getByTestId('message-text').waitFor({ timeout: OPEN_MESSAGE_TIMEOUT_MS });
    expect(await back.isVisible()).toBe(true);
    expect(await inbox.isVisible()).toBe(false);
    expect(await row.isVisible()).toBe(false);
    // Focus moves to Back rather than falling to the page with the hidden row.
    expect(await back.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await tapTarget(back)).height).toBeGreaterThanOrEqual(36);

    await back.click();
    await inbox.waitFor({ state: 'visible', timeout: 2_000 });
    expect(await page.getByTestId('message-text').count()).toBe(0);
    await expect
      .poll(() => row.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await context.close();
  }, 40_000);

  it('offers back-to-top past 300 px and the compact address bar past 200 px, never over focus', async () => {
    // Short enough that the home page, with its empty inbox, scrolls past 300 px.
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 300 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor({ timeout: 10_000 });
    const toTop = page.getByRole('button', { name: 'Back to top' });
    expect(await toTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 350));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await toTop.waitFor({ timeout: 2_000 });
    // Past 200 px a phone also keeps the address in a compact bar at the top.
    const bar = page.getByRole('region', { name: 'Your address' });
    expect(await bar.getByText(/@tempmail\.test$/).isVisible()).toBe(true);
    expect((await bar.boundingBox())!.y).toBe(0);
    // A toast (Copy, from the bar) comes below the bar, not over it.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await bar.getByRole('button', { name: 'Copy' }).click();
    const toast = page.getByText('Email copied');
    await toast.waitFor();
    const under = (await bar.boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(under.y + under.height);
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
    // Tabbing back up the page never leaves what has focus beneath the bar (what is taller
    // than the room under it, a scrolling table, cannot be shown whole anyway).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // At the page's end the round button stands clear of the footer's last line.
    const lastLine = (await page.getByRole('contentinfo').locator('p').last().boundingBox())!;
    const button = (await toTop.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(lastLine.y + lastLine.height);
    await page.getByRole('contentinfo').getByRole('link').last().focus();
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const hidden = await page.evaluate(() => {
        const focused = document.activeElement!.getBoundingClientRect();
        const shown = document.querySelector('[role="region"][aria-label="Your address"]');
        if (!shown || shown.contains(document.activeElement)) return false;
        const below = shown.getBoundingClientRect().bottom;
        return focused.height <= window.innerHeight - below && focused.top < below - 1;
      });
      expect(hidden).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 350));
    await toTop.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
    await expect.poll(() => toTop.count()).toBe(0);
    expect(await bar.count()).toBe(0);
    // Focus went up with the page (the button has gone): the next Tab is the address's.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);
    await context.close();
  }, 30_000);
});
