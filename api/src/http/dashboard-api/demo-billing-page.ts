import type { RequestHandler } from 'express';
import { escapeHtml } from '../../escape-html.js';
import { textsIn } from '../../features/languages/server-texts.js';
import type { SiteLanguage } from '../../features/languages/site-languages.js';
import { requestLanguage } from '../request-language.js';
import { DEMO_NOTICE_STYLE, demoPageHead } from './demo-checkout-page.js';
import { sendPage, type Page } from './render-page.js';

/**
 * The billing portal "Manage billing" opens when no payment provider is configured. It says
 * plainly that it is a demo, shows the browser's monthly subscription, and cancels it at the
 * period's end or resumes it through the product API, which applies the change as a
 * provider's subscription update. The dashboard may replace it with a page of its own; the
 * API behind it stays.
 */
function page(language: SiteLanguage): Page {
  const { common, demoBilling: words } = textsIn(language).pages;
  return {
    language,
    title: words.title,
    main: `${demoPageHead(words)}
  <dl id="details" hidden>
    <dt>${escapeHtml(words.plan)}</dt>
    <dd id="plan"></dd>
    <dt>${escapeHtml(words.periodEnd)}</dt>
    <dd id="period-end"></dd>
  </dl>
  <p>
    <button id="cancel" type="button" hidden>${escapeHtml(words.cancel)}</button>
    <button class="primary" id="resume" type="button" hidden>${escapeHtml(words.resume)}</button>
    <button id="return" type="button">${escapeHtml(words.return)}</button>
  </p>
  <p id="error" role="alert"></p>`,
    texts: {
      common,
      // Whatever keeps this browser from a demo subscription, the page has nothing to show.
      errors: Object.fromEntries(
        ['not_found', 'forbidden', 'unauthorized', 'pro_required'].map((code) => [
          code,
          words.none,
        ]),
      ),
      words,
    },
    script: `const { words } = texts;
const locale = document.documentElement.lang;
const summary = document.getElementById('summary');
const error = document.getElementById('error');
const cancel = document.getElementById('cancel');
const resume = document.getElementById('resume');
let returnUrl = '/';
function show(subscription) {
  returnUrl = subscription.returnUrl;
  const price = (subscription.amount / 100).toLocaleString(locale, { style: 'currency', currency: subscription.currency });
  const date = new Date(subscription.currentPeriodEnd).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
  document.getElementById('plan').textContent = fill(words.planValue, { price });
  document.getElementById('period-end').textContent = date;
  document.getElementById('details').hidden = false;
  summary.textContent = fill(subscription.cancelAtPeriodEnd ? words.cancelled : words.renews, { date });
  cancel.hidden = subscription.cancelAtPeriodEnd;
  resume.hidden = !subscription.cancelAtPeriodEnd;
}
call('GET', '/api/demo-billing').then(show, (failure) => { summary.textContent = ''; error.textContent = failure.message; });
async function change(action) {
  cancel.disabled = resume.disabled = true;
  error.textContent = '';
  try {
    show(await call('POST', '/api/demo-billing/' + action));
  } catch (failure) {
    error.textContent = failure.message;
  }
  cancel.disabled = resume.disabled = false;
  // The button pressed is hidden now: keep the keyboard on the one that took its place.
  (cancel.hidden ? resume : cancel).focus();
}
cancel.addEventListener('click', () => change('cancel'));
resume.addEventListener('click', () => change('resume'));
document.getElementById('return').addEventListener('click', () => location.assign(returnUrl));`,
    style: `${DEMO_NOTICE_STYLE}
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dd { margin: 0; font-weight: 600; }
  @media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: .5rem; } }`,
  };
}

export const demoBillingPage: RequestHandler = (request, response) => {
  sendPage(response, page(requestLanguage(request)));
};
