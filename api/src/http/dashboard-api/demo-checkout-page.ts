import type { RequestHandler } from 'express';
import { escapeHtml } from '../../escape-html.js';
import { textsIn } from '../../features/languages/server-texts.js';
import type { SiteLanguage } from '../../features/languages/site-languages.js';
import { requestLanguage } from '../request-language.js';
import { sendPage, type Page } from './render-page.js';

/** The notice that says a page is a demo, for the demo pages (checkout, billing portal). */
export const DEMO_NOTICE_STYLE =
  '\n  .demo { background: #fff3cd; color: #1a1a1a; border: 2px solid #b58100; border-radius: .5rem; padding: .75rem 1rem; }' +
  '\n  @media (prefers-color-scheme: dark) { .demo { background: #422006; color: #fef3c7; } }';

/**
 * How a demo page starts: the notice (its bold lead, then what the demo does), the heading,
 * and the line that says what is loading until the script has it.
 */
export const demoPageHead = (words: {
  noticeLead: string;
  notice: string;
  heading: string;
  loading: string;
}) => `  <p class="demo" role="note"><strong>${escapeHtml(words.noticeLead)}</strong> ${escapeHtml(words.notice)}</p>
  <h1>${escapeHtml(words.heading)}</h1>
  <p id="summary" aria-live="polite">${escapeHtml(words.loading)}</p>`;

/**
 * The page the demo checkout sends a buyer to (no payment provider configured). It says
 * plainly that it is a demo, shows the plan and price, and completes or cancels through the
 * product API, which runs the same fulfilment as a real payment. The dashboard may replace
 * it with a page of its own; the API behind it stays.
 */
function page(id: string, language: SiteLanguage): Page {
  const { common, demoCheckout: words } = textsIn(language).pages;
  return {
    language,
    title: words.title,
    main: `${demoPageHead(words)}
  <form id="pay">
    <p>
      <label for="email">${escapeHtml(words.emailLabel)}</label><br>
      <input id="email" name="email" type="email" autocomplete="email" size="32" aria-describedby="email-help">
      <br><small id="email-help">${escapeHtml(words.emailHelp)}</small>
    </p>
    <p>
      <button class="primary" id="complete" type="submit" disabled>${escapeHtml(words.complete)}</button>
      <button id="cancel" type="button" disabled>${escapeHtml(common.cancel)}</button>
    </p>
  </form>
  <p id="error" role="alert"></p>`,
    texts: {
      common,
      errors: {
        not_found: words.notFound,
        forbidden: words.notFound,
        unauthorized: words.notFound,
        validation_failed: words.invalidEmail,
        conflict: words.alreadyClosed,
      },
      words,
    },
    script: `const id = ${JSON.stringify(id)};
const { words } = texts;
const summary = document.getElementById('summary');
const error = document.getElementById('error');
const buttons = [document.getElementById('complete'), document.getElementById('cancel')];
call('GET', '/api/demo-checkout/' + id).then((session) => {
  const price = (session.amount / 100).toLocaleString(document.documentElement.lang, { style: 'currency', currency: session.currency });
  const plan = words.plans[session.plan];
  summary.textContent = fill(session.plan === 'pro_monthly' ? words.pricePerMonth : words.price, { plan, price });
  if (session.status === 'open') buttons.forEach((button) => (button.disabled = false));
  else error.textContent = words.closed[session.status] || '';
}, (failure) => { summary.textContent = ''; error.textContent = failure.message; });
async function finish(action, body) {
  buttons.forEach((each) => (each.disabled = true));
  error.textContent = '';
  try {
    const { url } = await call('POST', '/api/demo-checkout/' + id + '/' + action, body);
    location.assign(url);
  } catch (failure) {
    error.textContent = failure.message;
    buttons.forEach((each) => (each.disabled = false));
  }
}
document.getElementById('pay').addEventListener('submit', (event) => {
  event.preventDefault();
  const email = document.getElementById('email').value.trim();
  finish('complete', email ? { email } : {});
});
buttons[1].addEventListener('click', () => finish('cancel'));`,
    style: DEMO_NOTICE_STYLE,
  };
}

export const demoCheckoutPage: RequestHandler = (request, response, next) => {
  const id = String(request.params.id);
  if (!/^[0-9a-f]{24}$/.test(id)) {
    next();
    return;
  }
  sendPage(response, page(id, requestLanguage(request)));
};
