// The header's switchers, the toasts and the tooltips in a real browser against the real
// server: the language and the theme apply at once and survive a reload (the theme from the
// first paint, before any script file has run); a failed copy is toasted; icon buttons are
// named on hover and focus after the spec's delays.
import { expect, it } from 'vitest';
import {
  parseThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
} from '../src/shared/preferences/resolve-theme.js';
import { describeInChromium } from './support/describe-in-chromium.js';

describeInChromium('the header in Chromium', (suite) => {
  it('switches to French at once and keeps it after a reload', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Free temporary email' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
    await page.getByRole('heading', { level: 1, name: 'E-mail temporaire gratuit' }).waitFor({
      timeout: 2_000,
    });
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const cookie = (await context.cookies()).find(({ name }) => name === 'tm_lang');
    expect(cookie?.value).toBe('fr');
    // A year, give or take the seconds the test took.
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'E-mail temporaire gratuit' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
    await context.close();
  }, 30_000);

  it('turns dark at once and stays dark after a reload', async () => {
    const context = await suite.browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.goto(`${suite.server.url}/`);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await theme.waitFor();
    expect(await isDark()).toBe(false);

    await theme.selectOption({ label: 'Dark' });
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

    await page.reload();
    await theme.waitFor();
    expect(await isDark()).toBe(true);
    expect(await theme.inputValue()).toBe('dark');

    // System follows the OS.
    await theme.selectOption({ label: 'System' });
    expect(await isDark()).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(isDark).toBe(true);
    await context.close();
  }, 30_000);

  it('paints a prerendered page in the stored theme before its scripts run', async () => {
    for (const [system, stored, expected] of [
      ['dark', null, 'dark'],
      ['light', null, 'light'],
      ['light', 'dark', 'dark'],
      ['dark', 'light', 'light'],
      ['dark', 'system', 'dark'],
    ] as const) {
      const context = await suite.browser.newContext({ colorScheme: system });
      if (stored) {
        await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          THEME_STORAGE_KEY,
          stored,
        ] as const);
      }
      const page = await context.newPage();
      // The page's script files never arrive: what shows is the HTML, its stylesheet and
      // its inline script.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${suite.server.url}/faq`);
      const shown = await page.evaluate(() => ({
        dark: document.documentElement.classList.contains('dark'),
        scheme: getComputedStyle(document.documentElement).colorScheme,
      }));
      const label = `${system} system, ${stored ?? 'no'} choice`;
      expect(shown, label).toEqual({ dark: expected === 'dark', scheme: expected });
      expect(expected, label).toBe(resolveTheme(parseThemeChoice(stored), system === 'dark'));
      await context.close();
    }
  }, 30_000);

  it('keeps a dialog whose code cannot load to a notice, and opens it on Try again', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/faq`);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Language' }).first().isEnabled())
      .toBe(true);
    // The server goes away before the dialogs' code was ever asked for.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('alert').getByText('This part of the page could not be loaded').waitFor();
    // The page stays: no error screen over it.
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pro' }).waitFor({ timeout: 10_000 });
    await context.close();
  }, 30_000);

  it('toasts a failed copy, and a dismissed toast goes', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor({
      timeout: 10_000,
    });
    await page.getByRole('button', { name: 'Copy', exact: true }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Copy failed' });
    await toast.waitFor({ timeout: 2_000 });
    expect(await toast.textContent()).toContain('Unable to copy to clipboard.');
    // Bottom right on a wide screen, at the top on a phone.
    const wide = await toast.boundingBox();
    expect(wide!.x).toBeGreaterThan(640);
    expect(wide!.y).toBeGreaterThan(360);
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await toast.boundingBox();
    expect(narrow!.y).toBeLessThan(100);
    // Its close button is a target a finger can take (WCAG 2.5.8: 24 px at least).
    const close = (await toast
      .getByRole('button', { name: 'Dismiss notification' })
      .boundingBox())!;
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);

    // F8 takes focus to a toast; dragging it sideways past 50 px dismisses it.
    await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
    await toast.waitFor({ timeout: 2_000 });
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'toast',
    );
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await context.close();
  }, 30_000);

  it('keeps a toast that holds focus past its time; Escape dismisses it and focus goes back', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('textbox', { name: 'Temporary email address' }).waitFor({
      timeout: 10_000,
    });
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    await copy.focus();
    await page.keyboard.press('Enter');
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 2_000 });
    await page.keyboard.press('F8');
    await page.clock.fastForward(10_000);
    expect(await toast.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => toast.count()).toBe(0);
    expect(await copy.evaluate((element) => element === document.activeElement)).toBe(true);
    // Left alone, a toast goes after its time.
    await page.keyboard.press('Enter');
    await toast.waitFor({ timeout: 2_000 });
    await page.clock.fastForward(5_100);
    await expect.poll(() => toast.count()).toBe(0);
    await context.close();
  }, 30_000);

  it('gives focus back to what opened a dialog when it closes', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const upgrade = page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' });
    await upgrade.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await upgrade.evaluate((element) => element === document.activeElement)).toBe(true);

    // A dialog opened from inside another replaces it: focus goes back past the button that
    // went with the first, to what opened that one.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Already Pro? Sign in with your email' }).click();
    const signIn = page.getByRole('dialog', { name: 'Access Pro features' });
    await signIn.waitFor();
    // A dialog with a field to fill in starts on it (the upgrade dialog, with none, on Close).
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).type))
      .toBe('email');
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'detached' });
    await expect
      .poll(() => upgrade.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await context.close();
  }, 30_000);

  /** The upgrade dialog, opened by its link, on a screen of this size. */
  async function openUpgradeDialog(viewport: { width: number; height: number }) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?upgrade=true`);
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await dialog.waitFor();
    return { context, page, dialog };
  }

  it('shows what has focus in a dialog taller than the screen, Close included after a wrap', async () => {
    const { context, page, dialog } = await openUpgradeDialog({ width: 1280, height: 600 });
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect
      .poll(() => close.evaluate((element) => element === document.activeElement))
      .toBe(true);
    let left = false;
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const onClose = await close.evaluate((element) => element === document.activeElement);
      if (!onClose) left = true;
      else if (left) break;
    }
    expect(await close.evaluate((element) => element === document.activeElement)).toBe(true);
    const shown = await close.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(shown).toBe(true);
    await context.close();
  }, 30_000);

  it('fits 320 px (a phone zoomed to 400%) without a sideways scroll, in every language', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 320, height: 568 } });
    const page = await context.newPage();
    for (const path of ['/', '/fr', '/es', '/de']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByRole('banner').getByRole('button', { name: /Pro/ }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(320);
      // The logo keeps its name, for those who cannot see it.
      expect(await page.getByRole('banner').getByRole('link').first().textContent()).toBe(
        'TempMail',
      );
    }
    await context.close();
  }, 30_000);

  it('keeps a tall dialog’s title and Close in view while its content scrolls, on a phone', async () => {
    const { context, dialog } = await openUpgradeDialog({ width: 360, height: 740 });
    const body = dialog.getByTestId('dialog-body');
    // Taller than the screen: the content scrolls, to its end.
    expect(await body.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    await body.evaluate((box) => box.scrollTo(0, box.scrollHeight));
    for (const fixed of [
      dialog.getByRole('button', { name: 'Close' }),
      dialog.getByRole('heading', { name: 'Upgrade to Pro' }),
    ]) {
      const box = (await fixed.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
    }
    await context.close();
  }, 30_000);

  it('names icon buttons in a tooltip after 700 ms, at once along a toolbar, and Escape hides it', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    const refresh = page.getByRole('button', { name: 'Refresh messages' });
    await refresh.waitFor({ timeout: 10_000 });
    // The page's time from here on is the test's to move: an installed clock still runs with
    // the real one (a loaded machine's slow steps would open the bubble early) until paused.
    const now = await page.evaluate(() => Date.now());
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 60_000);
    const bubble = (text: string) => page.locator('[aria-hidden="true"]', { hasText: text });

    await refresh.hover();
    await page.clock.runFor(650);
    expect(await bubble('Refresh messages').count()).toBe(0);
    await page.clock.runFor(100);
    await bubble('Refresh messages').waitFor();

    // Within 300 ms of one closing, the next opens without the delay.
    await page.getByRole('button', { name: 'Search messages' }).hover();
    await bubble('Search messages').waitFor();
    expect(await bubble('Refresh messages').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await bubble('Search messages').count()).toBe(0);

    // Past the skip window the delay is back; keyboard focus asks too.
    await page.mouse.move(0, 700);
    await page.clock.runFor(1_000);
    await page.getByRole('button', { name: 'Sign in to Pro' }).focus();
    await page.clock.runFor(100);
    expect(await bubble('Sign in to Pro').count()).toBe(0);
    await page.clock.runFor(700);
    await bubble('Sign in to Pro').waitFor();
    await context.close();
  }, 30_000);
});
