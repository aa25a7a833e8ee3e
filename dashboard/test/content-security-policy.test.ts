// The built server's Content-Security-Policies in Chromium (issue 8, item 5): the dashboard,
// an HTML mail in its frame (inline styles, an inline image, remote images after "Show
// images"), /docs and the two server pages all work, and nothing reports a violation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A remote image host that remembers what it was asked for. */
async function startImageHost() {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'image/gif' }).end(PIXEL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every report of a violation on `page`, in any of its frames: the event a document fires,
 * and the console line Chromium writes (which a script-less mail frame cannot listen for).
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

describeInChromium('content security policies in Chromium', (suite) => {
  let context: BrowserContext;
  let imageHost: Awaited<ReturnType<typeof startImageHost>>;

  beforeAll(async () => {
    imageHost = await startImageHost();
    context = await suite.browser.newContext();
  });

  afterAll(async () => {
    await Promise.all([context?.close(), imageHost?.stop()]);
  });

  it('runs the home page and an HTML message, remote images included, without a violation', async () => {
    const page = await context.newPage();
    const violations = watchViolations(page);
    await page.goto(`${suite.server.url}/`);
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    const address = await addressBox.inputValue();
    expect(address).toContain('@');
    await page.waitForLoadState('networkidle');
    expect(violations, 'home page').toEqual([]);

    await sendMail(suite.server.smtpPort, {
      from: 'Newsletter <news@example.com>',
      to: address,
      subject: 'Styled newsletter',
      html:
        '<style>.lead { color: rgb(200, 0, 0); }</style>' +
        '<p class="lead" style="font-weight: bold">Styled body visible</p>' +
        '<img alt="inline" src="cid:logo@example.com">' +
        `<img alt="remote" src="${imageHost.origin}/banner.gif">`,
      attachments: [{ filename: 'logo.gif', content: PIXEL, cid: 'logo@example.com' }],
    });
    const row = page.getByRole('button', { name: /Styled newsletter/ });
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    const body = page.frameLocator('[data-testid="message-html"]');
    const lead = body.getByText('Styled body visible');
    await lead.waitFor({ timeout: 5_000 });
    // The mail's own styles apply in the frame: the page's policy lets inline styles through.
    expect(await lead.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(200, 0, 0)',
    );
    expect(await lead.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
    expect(imageHost.requests).toEqual([]);
    // A free (mail.tm) address: no Content-ID in its wire format, the one related image
    // is paired with the body's one cid: URL.
    const inline = body.getByRole('img', { name: 'inline' });
    await expect
      .poll(() => inline.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);

    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => imageHost.requests).toContain('/banner.gif');
    const remote = body.getByRole('img', { name: 'remote' });
    await expect
      .poll(() => remote.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);
    await page.waitForTimeout(500);
    expect(violations, 'message view').toEqual([]);
    await page.close();
  }, 60_000);

  it('renders /docs', async () => {
    const page = await context.newPage();
    const violations = watchViolations(page);
    await page.goto(`${suite.server.url}/docs/`);
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await page.close();
  }, 30_000);

  it('runs the server pages by their nonce', async () => {
    const page = await context.newPage();
    const violations = watchViolations(page);
    await page.goto(`${suite.server.url}/demo-checkout/${'a'.repeat(24)}`);
    // Its script ran: the checkout it asked for does not exist, and it says so.
    await expect.poll(() => page.locator('#error').textContent()).not.toBe('');
    // Its style applied.
    const note = page.locator('.demo');
    expect(await note.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('2px');

    await page.goto(`${suite.server.url}/forwarding/confirm?token=${'b'.repeat(43)}`);
    await page.getByRole('button', { name: 'Yes, forward it to me' }).click();
    await expect.poll(() => page.locator('#result').textContent()).not.toBe('');
    expect(violations).toEqual([]);
    await page.close();
  }, 30_000);
});
