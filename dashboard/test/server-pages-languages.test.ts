// The pages the server serves itself, as a French visitor meets them in Chromium: the demo
// checkout, the purchase email's confirmation (and the same link used twice), the sign-in
// link opened on a device that never chose a language, and the answer to too many tries,
// each in the language of the visitor or of the mail, and back into the French app.
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { fillText, textsIn } from '@tempmail/api/languages';
import frenchApp from '../src/shared/i18n/locales/fr.json' with { type: 'json' };
import { describeInChromium } from './support/describe-in-chromium.js';
import { linkMailedTo } from './support/read-outbox.js';

const EMAIL = 'camille@example.com';
const fr = textsIn('fr').pages;

const languageOf = (page: Page) => page.evaluate(() => document.documentElement.lang);

describeInChromium('the server’s own pages in the visitor’s language', (suite) => {
  it('buys, confirms the email and signs in on another device, all in French', async () => {
    const buyer = await suite.browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 360, height: 740 },
    });
    // The visitor's session first, as the app's first call makes it: a checkout started
    // alongside that call could be given a session of its own.
    await buyer.request.get(`${suite.server.url}/api/user`);
    const page = await buyer.newPage();
    await page.goto(`${suite.server.url}/fr/`);
    const checkoutUrl = await page.evaluate(async () => {
      const response = await fetch('/api/create-checkout-session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ plan: 'pro_24hr' }),
      });
      return ((await response.json()) as { url: string }).url;
    });

    // The demo checkout: French words, and the price as French writes it.
    await page.goto(checkoutUrl);
    expect(await languageOf(page)).toBe('fr');
    await page.getByText(/Pass 24 heures\s?: 1,00\s\$US/).waitFor();
    await page.getByLabel(fr.demoCheckout.emailLabel).fill(EMAIL);
    await page.getByRole('button', { name: fr.demoCheckout.complete }).click();
    await page.waitForURL(/\/pro\/success\?cs=/, { timeout: 10_000 });
    // The success page's way on stays in French (an unprefixed home is English), and the Pro
    // inbox fits the phone, its countdown in French units.
    await page.getByRole('link', { name: frenchApp.proSuccess.start }).click();
    await page.waitForURL(/\/fr$/);
    await page
      .getByText(/ \d+ h \d+ min/)
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // The mail's link opens the confirmation in French; the same link a second time says, in
    // French, that it has been used.
    const confirm = await linkMailedTo(
      suite.server.dataDir,
      EMAIL,
      /https?:\/\/\S+\/confirm-email\?token=[\w-]{43}&lang=fr/,
    );
    await page.goto(confirm);
    expect(await languageOf(page)).toBe('fr');
    await page.getByRole('heading', { name: fr.confirmEmail.title }).waitFor();
    await page.getByRole('button', { name: fr.confirmEmail.button }).click();
    await page.getByText(fillText(fr.confirmEmail.confirmed, { value: EMAIL })).waitFor();
    expect(
      await page.getByRole('link', { name: fr.common.goToTempMail }).getAttribute('href'),
    ).toBe('/fr/');
    await page.reload();
    await page.getByRole('button', { name: fr.confirmEmail.button }).click();
    await page.getByRole('status').getByText(fr.common.invalidLink).waitFor();

    // A sign-in link asked for on the French site from a browser set to English: the app
    // says the page's language, so the mail is French; opened on a device set to English,
    // the link's page reads like the mail, and signing in lands in the French app.
    const visitor = await suite.browser.newContext({ locale: 'en-US' });
    const asking = await visitor.newPage();
    await asking.goto(`${suite.server.url}/fr/`);
    await asking
      .getByRole('banner')
      .getByRole('button', { name: frenchApp.header.upgrade })
      .click();
    await asking.getByRole('button', { name: frenchApp.upgrade.signIn }).click();
    await asking.getByLabel(frenchApp.recovery.emailLabel).fill(EMAIL);
    await asking.getByRole('button', { name: frenchApp.recovery.submit }).click();
    const signIn = await linkMailedTo(
      suite.server.dataDir,
      EMAIL,
      /https?:\/\/\S+\/sign-in\?token=[\w-]{43}&lang=fr/,
    );
    const phone = await suite.browser.newContext({ locale: 'en-US' });
    const phonePage = await phone.newPage();
    await phonePage.goto(signIn);
    expect(await languageOf(phonePage)).toBe('fr');
    await phonePage.getByRole('button', { name: fr.signIn.signIn }).click();
    await phonePage.waitForURL(/\/fr\/\?signed_in=true/, { timeout: 10_000 });
    await expect.poll(() => languageOf(phonePage)).toBe('fr');
    await phonePage.getByText(frenchApp.recovery.restored).first().waitFor();
    await Promise.all([buyer.close(), visitor.close(), phone.close()]);
  }, 90_000);

  it('keeps the language shown when a link in the app has no prefix', async () => {
    // An English browser on the French FAQ: the footer's Contact (unprefixed, as the spec
    // has it) opens the French contact page, not the English one.
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/fr/faq`);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Langue' }).first().isEnabled())
      .toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL(/\/fr\/contact$/);
    await expect.poll(() => languageOf(page)).toBe('fr');

    // The checkout the French app starts reads in French, the browser's English aside.
    await page.goto(`${suite.server.url}/fr/`);
    await page.getByRole('banner').getByRole('button', { name: frenchApp.header.upgrade }).click();
    await page.getByRole('button', { name: frenchApp.upgrade.plans.pro_24hr.button }).click();
    await page.waitForURL(/\/demo-checkout\/[0-9a-f]{24}\?lang=fr$/, { timeout: 10_000 });
    expect(await languageOf(page)).toBe('fr');
    await page.getByRole('button', { name: fr.demoCheckout.complete }).waitFor();

    // Cancelled, it returns to a page whose first answer is French already (its language,
    // its title), though the browser asks for English, and the app keeps it.
    const returned = page.waitForResponse((answer) => answer.url().includes('/pro/cancel'));
    await page.getByRole('button', { name: fr.common.cancel }).click();
    const firstAnswer = await (await returned).text();
    expect(firstAnswer).toContain('<html lang="fr"');
    expect(firstAnswer).toContain(`<title>${frenchApp.proCancel.title} | TempMail</title>`);
    await page.getByRole('heading', { name: frenchApp.proCancel.title }).waitFor();
    expect(page.url()).toMatch(/\/pro\/cancel\?lang=fr$/);
    await context.close();

    // The same return link on a browser that never saw the French site reads in French too.
    const elsewhere = await suite.browser.newContext({ locale: 'en-US' });
    const other = await elsewhere.newPage();
    await other.goto(`${suite.server.url}/pro/cancel?lang=fr`);
    await other.getByRole('link', { name: frenchApp.proCancel.home }).click();
    await other.waitForURL(/\/fr$/);
    await elsewhere.close();
  });

  it('says in French how long to wait after too many tries of links', async () => {
    const context = await suite.browser.newContext({ locale: 'fr-FR' });
    const guess = () =>
      context.request.post(`${suite.server.url}/api/access-recovery/inspect`, {
        data: { token: 'x'.repeat(43) },
        headers: { Origin: suite.server.url },
      });
    // Spends the hour's tries (LINK_ATTEMPTS_PER_HOUR), bounded.
    for (let attempt = 0; attempt < 40 && (await guess()).status() !== 429; attempt += 1);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/sign-in?token=${'y'.repeat(43)}`);
    await page
      .getByRole('alert')
      .getByText(fillText(fr.common.tooMany, { minutes: '60' }))
      .waitFor();
    await page.getByRole('link', { name: fr.signIn.askNewLink }).waitFor();
    await context.close();
  }, 60_000);
});
