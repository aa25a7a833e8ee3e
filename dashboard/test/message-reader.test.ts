// The message reader in Chromium on a phone and a laptop (issue 22, items 3 and 8): inline
// cid: images from the message's own parts, a wide newsletter fitted to the pane, long
// addresses that wrap, Delete and mark read or unread, one message or a selection, for a
// free visitor, through the API the inbox talks to, and the message's source (shown, and
// saved as .eml).
import type { Page, Response } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { openHome, openMessage, closeMessage, receiveMail } from './support/open-home.js';

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * A newsletter as mail programs send it: multipart/related inside multipart/alternative,
 * Content-IDs in several forms, parts without a disposition or labelled octet-stream, and
 * cid: images in `src`, a `background` attribute and CSS.
 */
function relatedNewsletter(to: string, subject: string): string {
  const image = (type: string, id: string, data: string, extra: string[] = []) => [
    '--related',
    `Content-Type: ${type}`,
    'Content-Transfer-Encoding: base64',
    `Content-ID: ${id}`,
    ...extra,
    '',
    data,
  ];
  return [
    'From: Weekly News <news@example.com>',
    `To: ${to}`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="alternative"',
    '',
    '--alternative',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The news, in text.',
    '--alternative',
    'Content-Type: multipart/related; boundary="related"',
    '',
    '--related',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Inline images follow</p>',
    '<img alt="bracketed" src="cid:Logo@Example.COM">',
    '<img alt="encoded" src="cid:image001.png%4001DA0001.ABCDEF00">',
    '<img alt="octet" src="CID:%3Cicon@example.com%3E">',
    '<table><tr><td data-testid="attribute-bg" background="cid:bg@example.com" width="40" height="20">a</td>',
    '<td data-testid="css-bg" style="background-image: url(\'cid:BG@example.com\')" width="40">b</td></tr></table>',
    ...image('image/png', '<logo@example.com>', PNG),
    ...image('image/png; name="image001.png"', '<image001.png@01DA0001.ABCDEF00>', PNG, [
      'Content-Disposition: inline; filename="image001.png"',
    ]),
    ...image('application/octet-stream; name="icon.gif"', 'icon@example.com', GIF),
    ...image('image/gif', '<bg@example.com>', GIF),
    '--related--',
    '--alternative--',
    '',
  ].join('\r\n');
}

/**
 * A table newsletter wider than the reader's pane: 600 px as most are on a phone, and wider
 * than any laptop's pane too.
 */
const wideHtml = (width: number) =>
  `<table width="${width}" style="width:${width}px" cellpadding="0" cellspacing="0"><tr>` +
  '<td style="font-size:16px">Wide newsletter body, laid out at its fixed width.</td>' +
  '</tr></table>';

/** The ids the API lists for this inbox now: the list the page reads when asked to refresh. */
async function listedIds(page: Page): Promise<string[]> {
  const listed = page.waitForResponse(
    (response: Response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === '/api/mailbox/messages',
  );
  await page.getByRole('button', { name: 'Refresh messages' }).click();
  const body = (await (await listed).json()) as { messages: { id: string; seen: boolean }[] };
  return body.messages.map((message) => message.id);
}

const rowId = (page: Page, subject: string) =>
  page.getByRole('button', { name: new RegExp(subject) }).getAttribute('data-message-id');

/** The rows' message ids, top to bottom. */
const rowIds = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('[data-message-id]'),
      (row) => row.dataset.messageId,
    ),
  );

/** The row that takes focus once these go: the next one below them, else the one above. */
function nextRow(order: (string | undefined)[], removed: (string | null)[]) {
  const last = Math.max(...removed.map((id) => order.indexOf(id ?? '')));
  const kept = (id: string | undefined) => !removed.includes(id ?? null);
  return order.slice(last + 1).find(kept) ?? order.slice(0, last).findLast(kept);
}

const focusedRowId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.messageId);

const unreadDots = (page: Page, subject: string) =>
  page.getByTestId('message-row').filter({ hasText: subject }).getByTestId('unread-dot').count();

/** Every PATCH of a message the page sends, with its body. */
function recordPatches(page: Page) {
  const patches: { id: string; seen: unknown }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'PATCH' && path.startsWith('/messages/')) {
      patches.push({
        id: path.split('/')[2]!,
        seen: (request.postDataJSON() as { seen: unknown }).seen,
      });
    }
  });
  return patches;
}

describeInChromium('the message reader in Chromium', (suite) => {
  for (const screen of SCREENS) {
    it(`shows inline cid: images from the message's own parts (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const failures: string[] = [];
      page.on('requestfailed', (request) => {
        const error = request.failure()?.errorText ?? '';
        if (request.url().startsWith('cid:') || error.includes('UNKNOWN_URL_SCHEME')) {
          failures.push(`${request.url()} ${error}`);
        }
      });
      page.on('console', (message) => {
        if (/ERR_UNKNOWN_URL_SCHEME|cid:/i.test(message.text())) failures.push(message.text());
      });
      const address = await openHome(page, suite.server.url);
      await sendMail(suite.server.smtpPort, {
        envelope: { from: 'news@example.com', to: [address] },
        raw: relatedNewsletter(address, 'Inline newsletter'),
      });
      await openMessage(page, 'Inline newsletter');
      const body = page.frameLocator('[data-testid="message-html"]');
      await body.getByText('Inline images follow').waitFor({ timeout: 5_000 });
      for (const name of ['bracketed', 'encoded', 'octet']) {
        const image = body.getByRole('img', { name });
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
            message: name,
          })
          .toBe(1);
        expect(await image.getAttribute('src')).toMatch(/^data:image\//);
      }
      for (const testId of ['attribute-bg', 'css-bg']) {
        const cell = body.getByTestId(testId);
        expect(
          await cell.evaluate((element) => getComputedStyle(element).backgroundImage),
          testId,
        ).toMatch(/^url\("data:image\/gif;base64,/);
      }
      expect(failures).toEqual([]);
      await context.close();
    }, 60_000);

    it(`fits a wide newsletter to the pane, with its actual size on demand (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const address = await openHome(page, suite.server.url);
      await sendMail(suite.server.smtpPort, {
        from: 'Wide <wide@example.com>',
        to: address,
        subject: 'Wide newsletter',
        html: wideHtml(screen.name === 'phone' ? 600 : 1100),
      });
      await sendMail(suite.server.smtpPort, {
        from: 'Narrow <narrow@example.com>',
        to: address,
        subject: 'Narrow note',
        html: '<p>A short note that fits any pane.</p>',
      });
      await openMessage(page, 'Wide newsletter');
      const frame = page.getByTestId('message-html');
      const box = page.getByTestId('message-html-box');
      await page
        .frameLocator('[data-testid="message-html"]')
        .getByText('Wide newsletter body')
        .waitFor({ timeout: 5_000 });
      const actual = page.getByRole('button', { name: 'Actual size' });
      await actual.waitFor({ timeout: 5_000 });

      // Fitted: the whole 616 px document is drawn inside the pane, nothing spills.
      const fitted = await frame.boundingBox();
      const pane = await box.boundingBox();
      expect(fitted!.width).toBeLessThanOrEqual(pane!.width + 1);
      // As tall as the mail, drawn whole: no scrolling inside the frame, no clipping by its box.
      expect(
        await frame.evaluate(
          (element: HTMLIFrameElement) =>
            element.contentDocument!.documentElement.scrollHeight - element.clientHeight,
        ),
      ).toBeLessThanOrEqual(0);
      expect(fitted!.height).toBeLessThanOrEqual(pane!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      expect(
        await box.evaluate((element) => {
          element.scrollLeft = 100;
          return element.scrollLeft;
        }),
      ).toBe(0);

      // Actual size: the mail at its width, scrolling sideways in its box, the page not.
      await actual.click();
      await page.getByRole('button', { name: 'Fit to width' }).waitFor();
      await expect.poll(async () => (await frame.boundingBox())!.width).toBeGreaterThanOrEqual(600);
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      await page.getByRole('button', { name: 'Fit to width' }).click();
      await expect
        .poll(async () => (await frame.boundingBox())!.width)
        .toBeLessThanOrEqual(pane!.width + 1);

      // A mail that fits is shown as it is, at full size, with no toggle.
      await closeMessage(page);
      await openMessage(page, 'Narrow note');
      await page
        .frameLocator('[data-testid="message-html"]')
        .getByText('A short note')
        .waitFor({ timeout: 5_000 });
      expect(await page.getByRole('button', { name: 'Actual size' }).count()).toBe(0);
      expect(await frame.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
      await context.close();
    }, 60_000);

    it(`wraps a long sender address after the @ and before dots (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const address = await openHome(page, suite.server.url);
      const sender = 'notifications.weekly-digest@mail.subscriptions.example-newsletters.com';
      await sendMail(suite.server.smtpPort, {
        from: `Digest <${sender}>`,
        to: address,
        subject: 'Long sender',
        text: 'Hello',
      });
      await openMessage(page, 'Long sender');
      const from = page.getByTestId('message-from');
      expect(await from.textContent()).toBe(`Digest <${sender}>`);
      expect(await from.locator('wbr').count()).toBe(5);
      expect(await from.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      // Each line break falls after the @ or a hyphen, before a dot, or at the space after the name.
      const breaks = await from.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const found: string[] = [];
        let text = '';
        let top: number | undefined;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getBoundingClientRect();
            if (top !== undefined && rect.top > top + 2)
              found.push(`${text.slice(-1)}|${node.textContent![i]}`);
            top = rect.top;
            text += node.textContent![i];
          }
        }
        return found;
      });
      if (screen.name === 'phone') expect(breaks.length).toBeGreaterThan(0);
      for (const pair of breaks) expect(pair).toMatch(/^([@-]\|.|.\|\.| \|.|.\| )$/);
      await context.close();
    }, 60_000);

    it(`deletes a message and marks it unread and read, with no Reply or Archive (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const patches = recordPatches(page);
      const address = await openHome(page, suite.server.url);
      for (const subject of ['First to keep', 'Second to delete', 'Third to keep']) {
        await sendMail(suite.server.smtpPort, {
          from: 'Alice <alice@example.com>',
          to: address,
          subject,
          text: `Body of ${subject}`,
        });
        await page.getByRole('button', { name: new RegExp(subject) }).waitFor({ timeout: 10_000 });
      }
      const doomed = await rowId(page, 'Second to delete');
      await openMessage(page, 'Second to delete');
      const reader = page.locator('section[aria-labelledby="message-heading"]');
      expect(await reader.getByRole('button', { name: /Reply|Archive|Pro/ }).count()).toBe(0);

      // Opening read it, which marked it read on the server; now unread, and read again, on
      // the server each time.
      expect(await unreadDots(page, 'Second to delete')).toBe(0);
      await page.getByRole('button', { name: 'Mark as unread' }).click();
      await page.getByRole('button', { name: 'Mark as read' }).waitFor();
      await expect.poll(() => patches).toContainEqual({ id: doomed, seen: false });
      await expect.poll(() => unreadDots(page, 'Second to delete')).toBe(1);
      await page.getByRole('button', { name: 'Mark as read' }).click();
      await page.getByRole('button', { name: 'Mark as unread' }).waitFor();
      await expect.poll(() => unreadDots(page, 'Second to delete')).toBe(0);
      // The row changes before its request leaves, so the test may see it first.
      await expect
        .poll(() => patches.filter((patch) => patch.id === doomed).map((patch) => patch.seen))
        .toEqual([false, true]);
      // Refused, the mark says so and shows the message as it still is: read.
      const refuse = (url: URL) => url.pathname === `/messages/${doomed}`;
      await page.route(refuse, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Mark as unread' }).click();
      await page.getByText('The message could not be marked. Please try again.').waitFor();
      await page.getByRole('button', { name: 'Mark as unread' }).waitFor();
      expect(await unreadDots(page, 'Second to delete')).toBe(0);
      await page.unroute(refuse);

      const deleted = page.waitForResponse(
        (response) =>
          response.request().method() === 'DELETE' &&
          new URL(response.url()).pathname === `/messages/${doomed}`,
      );
      const next = nextRow(await rowIds(page), [doomed]);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      expect((await deleted).status()).toBe(204);
      await expect
        .poll(() => page.getByRole('button', { name: /Second to delete/ }).count())
        .toBe(0);
      // Focus moves to the next message in the list, and a screen reader hears it went.
      expect(await focusedRowId(page)).toBe(next);
      await expect
        .poll(() => page.getByTestId('inbox-announcement').textContent())
        .toBe('Message deleted');
      const ids = await listedIds(page);
      expect(ids).not.toContain(doomed);
      expect(ids).toHaveLength(2);
      await context.close();
    }, 60_000);

    it(`marks and deletes a selection (${screen.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const patches = recordPatches(page);
      const address = await openHome(page, suite.server.url);
      const subjects = ['Bulk one', 'Bulk two', 'Bulk three'];
      for (const subject of subjects) {
        await receiveMail(page, suite.server.smtpPort, address, subject);
      }
      const [one, two] = [await rowId(page, 'Bulk one'), await rowId(page, 'Bulk two')];
      for (const subject of ['Bulk one', 'Bulk two']) {
        await page.getByRole('checkbox', { name: new RegExp(subject) }).check();
      }
      const tools = page.getByRole('toolbar', { name: 'Selected messages' });
      await tools.getByText('2 selected').waitFor({ timeout: 2_000 });
      expect(await tools.getByRole('button', { name: /Archive|Pro/ }).count()).toBe(0);

      await tools.getByRole('button', { name: 'Mark as read' }).click();
      await expect.poll(() => unreadDots(page, 'Bulk one')).toBe(0);
      expect(await unreadDots(page, 'Bulk two')).toBe(0);
      expect(await unreadDots(page, 'Bulk three')).toBe(1);
      await expect
        .poll(() =>
          patches
            .filter((patch) => patch.seen === true)
            .map((patch) => patch.id)
            .sort(),
        )
        .toEqual([one, two].sort());
      await tools.getByRole('button', { name: 'Mark as unread' }).click();
      await expect.poll(() => unreadDots(page, 'Bulk one')).toBe(1);
      expect(await unreadDots(page, 'Bulk two')).toBe(1);
      await expect.poll(() => patches.filter((patch) => patch.seen === false)).toHaveLength(2);

      const next = nextRow(await rowIds(page), [one, two]);
      await tools.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => page.getByTestId('message-row').count()).toBe(1);
      expect(await tools.count()).toBe(0);
      expect(await focusedRowId(page)).toBe(next);
      // One sentence for the selection, counted.
      await expect
        .poll(() => page.getByTestId('inbox-announcement').textContent())
        .toBe('2 messages deleted');
      const ids = await listedIds(page);
      expect(ids).toHaveLength(1);
      expect(ids).not.toContain(one);
      expect(ids).not.toContain(two);
      await context.close();
    }, 60_000);
  }

  it('draws a mail on its own canvas: colours, direction, sized images, keys from inside it; RTL text and rows', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[1].viewport });
    const page = await context.newPage();
    const address = await openHome(page, suite.server.url);
    await sendMail(suite.server.smtpPort, {
      from: 'Night Owl <news@owl.example>',
      to: address,
      subject: 'Night Owl Weekly',
      html:
        '<html dir="rtl" lang="he"><body bgcolor="#111111" text="#eeeeee" style="font-size:15px">' +
        '<h1 style="color:#fff">שלום</h1><p>A dark letter</p>' +
        `<img alt="spacer" src="data:image/gif;base64,${GIF}" width="600" height="20"></body></html>`,
    });
    await openMessage(page, 'Night Owl Weekly');
    const frame = page.frameLocator('[data-testid="message-html"]');
    await frame.getByText('A dark letter').waitFor({ timeout: 5_000 });
    const canvas = await frame.locator('body').evaluate((body) => ({
      background: getComputedStyle(body).backgroundColor,
      color: getComputedStyle(body).color,
      direction: getComputedStyle(body).direction,
      lang: body.ownerDocument.documentElement.lang,
    }));
    expect(canvas).toEqual({
      background: 'rgb(17, 17, 17)',
      color: 'rgb(238, 238, 238)',
      direction: 'rtl',
      lang: 'he',
    });
    const spacer = await frame
      .getByRole('img', { name: 'spacer' })
      .evaluate((image) => [
        image.getBoundingClientRect().width,
        image.getBoundingClientRect().height,
      ]);
    expect(spacer[1]).toBe(20);

    // A click in the mail gives the frame the keyboard; the reader's keys still work.
    await frame.getByText('A dark letter').click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await page.keyboard.press('Escape');
    await page.getByText('Select a message to read it.').waitFor({ timeout: 5_000 });
    const arabic = 'عزيزي العميل، نود إعلامك بأن كشف حسابك الشهري أصبح جاهزا للتحميل من حسابك';
    await sendMail(suite.server.smtpPort, {
      from: 'Bank <bank@bank.example>',
      to: address,
      subject: 'Statement',
      text: arabic,
    });
    const row = page.getByRole('button', { name: /Statement/ });
    await row.waitFor({ timeout: 10_000 });
    // The cut preview keeps the beginning of the sentence in view.
    expect(
      await row
        .locator('[dir="auto"]')
        .last()
        .evaluate((span) => getComputedStyle(span).direction),
    ).toBe('rtl');
    await openMessage(page, 'Statement');
    expect(
      await page.getByTestId('message-text').evaluate((text) => getComputedStyle(text).direction),
    ).toBe('rtl');
    await context.close();
  }, 60_000);

  it('shows the message as received and saves it as .eml', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[1].viewport });
    const page = await context.newPage();
    const address = await openHome(page, suite.server.url);
    await sendMail(suite.server.smtpPort, {
      from: 'Origin <origin@example.com>',
      to: address,
      subject: 'Source check',
      text: 'Where did this come from?',
      headers: { 'X-Trace': 'source-check-1' },
    });
    await openMessage(page, 'Source check');

    await page.getByRole('button', { name: 'View source' }).click();
    const raw = page.getByTestId('message-source');
    await expect
      .poll(() => raw.textContent(), { timeout: 10_000 })
      .toContain('X-Trace: source-check-1');
    expect(await raw.textContent()).toContain('Subject: Source check');
    expect(await raw.locator('*').count()).toBe(0);

    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .eml' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('Source-check.eml');
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toContain('X-Trace: source-check-1');
    expect(text).toContain('Where did this come from?');
    await context.close();
  }, 60_000);
});
