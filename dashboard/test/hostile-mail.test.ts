// Hostile HTML mail in a real browser against the real server: scripts, event handlers,
// `javascript:` links, SVG, meta refresh, CSS, frames and forms never run or load anything,
// and remote images stay blocked until the reader asks for them (issue 6, items 4 and 8).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';

/** Long enough for a meta refresh, an onerror or a CSS load to have happened if it could. */
const SETTLE_MS = 750;

/** A stand-in for a remote host: it answers every request with a 1×1 GIF and remembers it. */
async function startRecordingServer() {
  const requests: string[] = [];
  const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'image/gif' }).end(pixel);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Each message: its subject, its body, and a line of its text that must show in the frame. */
function hostileMessages(remote: string) {
  const beacon = (name: string) => `new Image().src='${remote}/${name}'`;
  return [
    {
      subject: 'Hostile script',
      visible: 'Script payload visible',
      html: `<p>Script payload visible</p><script>alert('script');${beacon('script')}</script>`,
    },
    {
      subject: 'Hostile handlers',
      visible: 'Handler payload visible',
      html:
        `<body onload="alert('onload');${beacon('onload')}"><p>Handler payload visible</p>` +
        `<img src="x" onerror="alert('onerror');${beacon('onerror')}">` +
        `<div onmouseover="alert('hover')">hover me</div></body>`,
    },
    {
      subject: 'Hostile javascript link',
      visible: 'Link payload visible',
      html:
        `<p>Link payload visible</p><a href="javascript:alert('link')">Click me</a> ` +
        `<a href="https://example.com/ok">Safe link</a>`,
    },
    {
      subject: 'Hostile svg',
      visible: 'SVG payload visible',
      html:
        `<svg><script>alert('svg');${beacon('svg-script')}</script>` +
        `<image href="${remote}/svg-image"/></svg>` +
        `<svg onload="alert('svg-onload')"></svg><p>SVG payload visible</p>`,
    },
    {
      subject: 'Hostile meta frame form',
      visible: 'Meta payload visible',
      html:
        `<meta http-equiv="refresh" content="0;url=${remote}/refresh">` +
        `<p>Meta payload visible</p><iframe src="${remote}/iframe"></iframe>` +
        `<form action="${remote}/form" method="post"><input name="a" value="b">` +
        `<button type="submit">Send form</button></form>`,
    },
    {
      subject: 'Hostile css',
      visible: 'CSS payload visible',
      html:
        `<style>@import url(${remote}/import.css); body { background: url(${remote}/css-bg) }</style>` +
        `<div style="background-image: url('${remote}/inline-bg')">CSS payload visible</div>` +
        `<table background="${remote}/table-bg"><tr><td>cell</td></tr></table>`,
    },
  ];
}

async function openMessage(page: Page, subject: string) {
  const row = page.getByRole('button', { name: new RegExp(subject) });
  await row.waitFor({ timeout: 10_000 });
  await row.click();
  await page.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 5_000 });
}

describeInChromium('hostile mail in Chromium', (suite) => {
  let remote: Awaited<ReturnType<typeof startRecordingServer>>;
  let page: Page;
  let address: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    remote = await startRecordingServer();
    page = await suite.browser.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${suite.server.url}/`);
    const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
    await addressBox.waitFor({ timeout: 10_000 });
    address = await addressBox.inputValue();
  }, 60_000);

  afterAll(() => remote?.stop());

  it('renders each payload sandboxed: no dialog, no script, no remote request', async () => {
    const messages = hostileMessages(remote.origin);
    for (const message of messages) {
      await sendMail(suite.server.smtpPort, {
        from: 'Mallory <mallory@example.com>',
        to: address,
        subject: message.subject,
        html: message.html,
      });
    }

    for (const message of messages) {
      await openMessage(page, message.subject);
      const frame = page.getByTestId('message-html');
      await frame.waitFor({ timeout: 5_000 });
      const sandbox = await frame.getAttribute('sandbox');
      expect(sandbox).not.toBeNull();
      expect(sandbox).not.toContain('allow-scripts');
      expect(sandbox).not.toContain('allow-same-origin');

      const body = page.frameLocator('[data-testid="message-html"]');
      await body.getByText(message.visible).waitFor({ timeout: 5_000 });
      await page.waitForTimeout(SETTLE_MS);
      expect(dialogs, message.subject).toEqual([]);
      expect(remote.requests, message.subject).toEqual([]);
      await page.getByRole('button', { name: 'Back to inbox' }).click();
    }
  }, 90_000);

  it('keeps javascript: out of links and opens the rest in a new tab', async () => {
    await openMessage(page, 'Hostile javascript link');
    const body = page.frameLocator('[data-testid="message-html"]');
    const bad = body.getByText('Click me');
    await bad.waitFor({ timeout: 5_000 });
    expect(await bad.getAttribute('href')).toBeNull();
    await bad.click();
    const safe = body.getByRole('link', { name: 'Safe link' });
    expect(await safe.getAttribute('href')).toBe('https://example.com/ok');
    expect(await safe.getAttribute('target')).toBe('_blank');
    expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
    await page.waitForTimeout(SETTLE_MS);
    expect(dialogs).toEqual([]);
    await page.getByRole('button', { name: 'Back to inbox' }).click();
  }, 30_000);

  it('loads remote images only after Show images, for that message only', async () => {
    await sendMail(suite.server.smtpPort, {
      from: 'Tracker <news@example.com>',
      to: address,
      subject: 'Remote image',
      html: `<p>Image payload visible</p><img src="${remote.origin}/pixel.gif" alt="tracker">`,
    });
    await openMessage(page, 'Remote image');
    const body = page.frameLocator('[data-testid="message-html"]');
    await body.getByText('Image payload visible').waitFor({ timeout: 5_000 });
    await page.waitForTimeout(SETTLE_MS);
    expect(remote.requests).toEqual([]);

    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => remote.requests).toContain('/pixel.gif');
    expect(await page.getByRole('button', { name: 'Show images' }).count()).toBe(0);
    expect(dialogs).toEqual([]);

    // Another message and back: the choice was for that one reading of that message.
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await openMessage(page, 'Remote image');
    await page.getByRole('button', { name: 'Show images' }).waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Back to inbox' }).click();
  }, 30_000);

  it('shows plain text with clickable links and downloads attachments', async () => {
    await sendMail(suite.server.smtpPort, {
      from: 'Alice <alice@example.com>',
      to: address,
      subject: 'Text with a link',
      text: 'See https://example.com/path?a=1. Or <a href="javascript:alert(1)">this</a>.',
      attachments: [{ filename: 'notes.txt', content: 'x'.repeat(1536) }],
    });
    await openMessage(page, 'Text with a link');
    const text = page.getByTestId('message-text');
    await text.waitFor({ timeout: 5_000 });
    const link = text.getByRole('link');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe('https://example.com/path?a=1');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await text.textContent()).toContain('<a href="javascript:alert(1)">this</a>');

    await page.getByText('notes.txt').waitFor({ timeout: 5_000 });
    await page.getByText('1.5 kB').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(dialogs).toEqual([]);
  }, 30_000);
});
