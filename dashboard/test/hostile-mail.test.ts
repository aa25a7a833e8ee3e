// Hostile HTML mail in a real browser against the real server: scripts, event handlers,
// `javascript:` links, SVG, meta refresh, CSS, frames and forms never run or load anything,
// and remote images stay blocked until the reader asks for them (issue 6, items 4 and 8).
// Remote references in CSS are removed by the sanitizer itself, so nothing leaves even with
// the frame's Content-Security-Policy out of the way (issue 22, item 3).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { OPEN_MESSAGE_TIMEOUT_MS, openMessage, closeMessage } from './support/open-home.js';
import { explainTimeout } from './support/watch-pages.js';

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
        `<a href="https://example.com/ok">Safe link</a>` +
        // An image map's area is a link too, and may ask to keep its opener.
        `<img usemap="#m" alt="Map" width="20" height="20" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
        `<map name="m"><area shape="rect" coords="0,0,20,20" href="https://example.com/area" rel="opener" alt="Area link"></map>`,
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

/**
 * CSS that reaches for a remote host in every spelling a sanitizer might miss. Each URL
 * names its trick, so a request that does leave says which one it was.
 */
function hostileCss(remote: string) {
  const host = remote.replace(/^http:/, '');
  return [
    `@import url(${remote}/import-url.css);`,
    `@import "${remote}/import-string.css";`,
    `@IMPORT '${remote}/import-caps.css';`,
    `@\\69mport "${remote}/import-escaped.css";`,
    `<!-- @import "${remote}/import-cdo.css"; -->`,
    `.a { background: url(${remote}/url-plain) }`,
    `.b { background: URL("${remote}/url-caps") }`,
    `.c { background: u\\rl(${remote}/url-escaped) }`,
    `.d { background: u\\72 l(${remote}/url-hex) }`,
    `.e { background: ur/**/l(${remote}/url-comment) }`,
    `.f { background: url(${remote.replace(':', '\\3a ')}/url-escaped-scheme) }`,
    `.g { background-image: url(${host}/url-protocol-relative) }`,
    `.h { background-image: image-set("${remote}/image-set.png" 1x) }`,
    `.i { background-image: -webkit-image-set(url(${remote}/webkit-image-set.png) 1x) }`,
    `.j { list-style: url(${remote}/list-style) }`,
    `.k { cursor: url(${remote}/cursor), auto }`,
    `@font-face { font-family: x; src: url(${remote}/font.woff) } .l { font-family: x }`,
    `@media screen { .m { background: url(${remote}/url-in-media) } }`,
  ].join('\n');
}

function hostileCssMessage(remote: string) {
  const host = remote.replace(/^http:\/\//, '');
  const classes = 'abcdefghijklm'.split('');
  return (
    // The body's own attributes, which the frame's body takes over (its canvas).
    `<body background="${remote}/body-background" style="background:url(${remote}/body-style)" ` +
    `bgcolor="red;background:url(${remote}/bgcolor)" lang='en" onload="alert(1)'>` +
    `<style>${hostileCss(remote)}</style>` +
    classes.map((name) => `<div class="${name}">CSS trick ${name}</div>`).join('') +
    `<ul class="j"><li>item</li></ul>` +
    `<div style="background:url(${remote}/style-attribute)">Style attribute</div>` +
    `<div style="background:u\\72 l(${remote}/style-attribute-escaped)">Escaped style</div>` +
    `<div style="background-image:image-set('${remote}/style-image-set.png' 1x)">Set</div>` +
    `<table background="${remote}/table-background"><tr><td>cell</td></tr></table>` +
    `<img src="${remote.replace('http://', '\\\\')}/img-backslashes" alt="backslashes">` +
    `<img src="ht&#9;tp://${host}/img-tab" alt="tab">` +
    '<p>Hostile CSS visible</p>'
  );
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
      await explainTimeout(
        page,
        `The mail of "${message.subject}" did not show`,
        frame.waitFor({ timeout: OPEN_MESSAGE_TIMEOUT_MS }),
      );
      // Same origin (so the page can fit the mail to the pane), but nothing may run in it.
      const sandbox = await frame.getAttribute('sandbox');
      expect(sandbox).not.toBeNull();
      expect(sandbox).not.toContain('allow-scripts');

      const body = page.frameLocator('[data-testid="message-html"]');
      await body.getByText(message.visible).waitFor({ timeout: 5_000 });
      await page.waitForTimeout(SETTLE_MS);
      expect(dialogs, message.subject).toEqual([]);
      expect(remote.requests, message.subject).toEqual([]);
      await closeMessage(page);
    }
  }, 90_000);

  it('removes remote CSS itself: with the frame policy bypassed, still no request', async () => {
    // A browser that ignores Content-Security-Policy: only the sanitizer stands in the way.
    const context = await suite.browser.newContext({ bypassCSP: true });
    const bare = await context.newPage();
    await bare.goto(`${suite.server.url}/`);
    const addressBox = bare.getByRole('textbox', { name: 'Temporary email address' }).first();
    await addressBox.waitFor({ timeout: 10_000 });
    await sendMail(suite.server.smtpPort, {
      from: 'Mallory <mallory@example.com>',
      to: await addressBox.inputValue(),
      subject: 'Hostile css tricks',
      html: hostileCssMessage(remote.origin),
    });
    await openMessage(bare, 'Hostile css tricks');
    const frame = bare.getByTestId('message-html');
    const body = bare.frameLocator('[data-testid="message-html"]');
    await body.getByText('Hostile CSS visible').waitFor({ timeout: 5_000 });
    await bare.waitForTimeout(SETTLE_MS);
    expect(remote.requests).toEqual([]);
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toContain(remote.origin.replace(/^http:\/\//, ''));
    expect(srcdoc).not.toMatch(/@import/i);

    // The check means something: in this context the frame's policy does not stop a load.
    await frame.evaluate((element: HTMLIFrameElement, url) => {
      const image = element.contentDocument!.createElement('img');
      image.src = url;
      element.contentDocument!.body.append(image);
    }, `${remote.origin}/control`);
    await expect.poll(() => remote.requests).toEqual(['/control']);
    remote.requests.length = 0;
    await context.close();
  }, 30_000);

  it('keeps javascript: out of links and opens the rest, areas too, in a new tab', async () => {
    await openMessage(page, 'Hostile javascript link');
    const body = page.frameLocator('[data-testid="message-html"]');
    const bad = body.getByText('Click me');
    await bad.waitFor({ timeout: 5_000 });
    expect(await bad.getAttribute('href')).toBeNull();
    await bad.click();
    // With focus in the mail (a Tab stops there), its box shows it.
    await page.getByTestId('message-html').focus();
    expect(
      await page
        .getByTestId('message-html-box')
        .evaluate((box) => getComputedStyle(box).outlineStyle),
    ).toBe('solid');
    const safe = body.getByRole('link', { name: 'Safe link' });
    expect(await safe.getAttribute('href')).toBe('https://example.com/ok');
    expect(await safe.getAttribute('target')).toBe('_blank');
    expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
    const area = body.locator('area');
    expect(await area.getAttribute('href')).toBe('https://example.com/area');
    expect(await area.getAttribute('target')).toBe('_blank');
    expect(await area.getAttribute('rel')).toBe('noopener noreferrer');
    await page.waitForTimeout(SETTLE_MS);
    expect(dialogs).toEqual([]);
    await closeMessage(page);
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
    // The button went with its notice: focus is on the message, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(dialogs).toEqual([]);

    // Another message and back: the choice was for that one reading of that message.
    await closeMessage(page);
    await openMessage(page, 'Remote image');
    await page.getByRole('button', { name: 'Show images' }).waitFor({ timeout: 5_000 });
    await closeMessage(page);
  }, 30_000);

  it('shows plain text with clickable links, a paperclip on the row, and downloads attachments', async () => {
    await sendMail(suite.server.smtpPort, {
      from: 'Alice <alice@example.com>',
      to: address,
      subject: 'Text with a link',
      text: 'See https://example.com/path?a=1. Or <a href="javascript:alert(1)">this</a>.',
      attachments: [{ filename: 'notes.txt', content: 'x'.repeat(1536) }],
    });
    // Its row says it carries a file, in words for a screen reader.
    const row = page.getByTestId('message-row').filter({ hasText: 'Text with a link' });
    await row.getByTestId('has-attachments').waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('has-attachments').textContent()).toBe('Has attachments');
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
