// An automated WCAG 2.1 A/AA pass (axe-core, the engine behind Lighthouse's accessibility
// score) over the screens most people see, in light and dark, on a desktop and a phone:
// contrast, names, roles, landmarks and labels. It finds what a machine can; keyboard paths
// are walked by the journey tests.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { sendMail } from '../../tests/support/send-mail.js';
import { describeInChromium } from './support/describe-in-chromium.js';
import { buyPassInPage, openMessage } from './support/open-home.js';
import { explainTimeout } from './support/watch-pages.js';

// Run through the DevTools protocol, not as a <script> tag: the dashboard's policy runs no
// inline script, and a test must not loosen it.
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The WCAG 2.x A and AA violations on the page as it is now, one line per element. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.help}) at ${node.target.join(' ')}`,
    ),
  );
}

/**
 * The contrast between the focused element's outline and the surface around it (the nearest
 * ancestor with a background of its own), as WCAG computes it: both colours read back
 * through a canvas, whatever colour space the stylesheet wrote them in.
 */
function focusRingContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const rgb = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const focused = document.activeElement!;
    const style = getComputedStyle(focused);
    // No ring at all reads as no contrast (an outline's colour is computed even when none is drawn).
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return 0;
    let surface: Element | null = focused.parentElement;
    while (surface && getComputedStyle(surface).backgroundColor === 'rgba(0, 0, 0, 0)') {
      surface = surface.parentElement;
    }
    const back = luminance(surface ? getComputedStyle(surface).backgroundColor : 'white');
    const ring = luminance(getComputedStyle(focused).outlineColor);
    return (Math.max(back, ring) + 0.05) / (Math.min(back, ring) + 0.05);
  });
}

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describeInChromium('accessibility in Chromium', (suite) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const screen of SCREENS) {
      it(`home with a message open, and the upgrade dialog (${colorScheme}, ${screen.name})`, async () => {
        const context = await suite.browser.newContext({ colorScheme, viewport: screen.viewport });
        const page = await context.newPage();
        await page.goto(`${suite.server.url}/`);
        const addressBox = page.getByRole('textbox', { name: 'Temporary email address' });
        await addressBox.waitFor({ timeout: 10_000 });
        await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
        await sendMail(suite.server.smtpPort, {
          from: 'Alice Example <alice@example.com>',
          to: await addressBox.inputValue(),
          subject: 'Your code is 482913',
          html: '<p>Your code is <b>482913</b>. <a href="https://example.com">Open</a></p>',
        });
        const row = page.getByRole('button', { name: /Your code is 482913/ });
        await row.waitFor({ timeout: 5_000 });
        expect(await violations(page)).toEqual([]);

        await openMessage(page, 'Your code is 482913');
        expect(await violations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Upgrade to Pro', exact: true }).first().click();
        await explainTimeout(
          page,
          'The upgrade dialog did not open',
          page.getByRole('dialog').waitFor(),
        );
        expect(await violations(page)).toEqual([]);
        await context.close();
      }, 60_000);
    }
  }

  it('draws focus rings at 3:1 or more against their surface, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await suite.browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/`);
      await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor();
      // A card's button, and a dialog's.
      await page.getByRole('button', { name: 'New address' }).first().focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focusRingContrast(page), colorScheme).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: 'Upgrade to Pro', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await focusRingContrast(page), colorScheme).toBeGreaterThanOrEqual(3);
      await context.close();
    }
  }, 60_000);

  it('fits the upgrade dialog and the demo checkout on a 360 px phone, dark too', async () => {
    const context = await suite.browser.newContext({
      colorScheme: 'dark',
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    // The comparison wraps its cells to the dialog rather than scroll sideways.
    const table = dialog.getByRole('region', { name: 'Free vs Pro' });
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);

    await dialog.getByRole('button', { name: 'Go Pro monthly' }).click();
    await page.getByRole('button', { name: 'Complete demo payment' }).waitFor({ timeout: 10_000 });
    // The server's own page follows the system's dark colours, and its two buttons, one
    // above the other on a phone, do not touch.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      'rgb(255, 255, 255)',
    );
    const pay = (await page.getByRole('button', { name: 'Complete demo payment' }).boundingBox())!;
    const cancel = (await page.getByRole('button', { name: 'Cancel' }).boundingBox())!;
    if (cancel.y > pay.y) expect(cancel.y - (pay.y + pay.height)).toBeGreaterThanOrEqual(4);
    expect(await violations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('reads the German Pro profile on a 360 px phone: its values keep room beside long labels', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.goto(`${suite.server.url}/de`);
    await page.getByRole('banner').getByRole('button', { name: 'Dein Pro-Profil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dein Pro-Profil' });
    await dialog.getByText('Beim Kauf angegebene E-Mail-Adresse').waitFor();
    // "Beim Kauf angegebene E-Mail-Adresse" once took the width and left the values 26 px.
    const widths = await dialog
      .locator('dl')
      .first()
      .locator('dd')
      .evaluateAll((values) => values.map((value) => value.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(140);
    await context.close();
  }, 60_000);

  it('the Pro inbox, with its labels and tools (light and dark)', async () => {
    const context = await suite.browser.newContext({ viewport: SCREENS[0].viewport });
    const page = await context.newPage();
    await buyPassInPage(page, suite.server.url);
    await page.getByRole('link', { name: 'Start using Pro' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(colorScheme === 'dark');
      await page.getByRole('heading', { level: 1, name: 'Your Pro inbox' }).waitFor();
      await page.getByText('Your inbox is empty').waitFor({ timeout: 10_000 });
      expect(await violations(page), colorScheme).toEqual([]);
    }
    await context.close();
  }, 60_000);

  it.each([
    '/faq',
    '/fr/contact',
    '/de/blog/what-is-temporary-email',
    '/es/privacy',
    '/no-such-page',
  ])(
    '%s (light and dark)',
    async (path) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await suite.browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(`${suite.server.url}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await violations(page)).toEqual([]);
        await context.close();
      }
    },
    60_000,
  );
});
