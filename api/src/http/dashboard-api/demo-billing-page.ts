import type { RequestHandler } from 'express';
import { DEMO_NOTICE_STYLE } from './demo-checkout-page.js';
import { sendPage, type Page } from './render-page.js';

/**
 * The billing portal "Manage billing" opens when no payment provider is configured. It says
 * plainly that it is a demo, shows the browser's monthly subscription, and cancels it at the
 * period's end or resumes it through the product API, which applies the change as a
 * provider's subscription update. The dashboard may replace it with a page of its own; the
 * API behind it stays.
 */
const page: Page = {
  title: 'Manage billing',
  main: `  <p class="demo" role="note"><strong>Demo billing portal.</strong> No payment provider is configured on this server, so nothing is charged. Cancelling or resuming here changes the subscription exactly as a real billing portal would.</p>
  <h1>Manage billing</h1>
  <p id="summary" aria-live="polite">Loading your subscription…</p>
  <dl id="details" hidden>
    <dt>Plan</dt>
    <dd id="plan"></dd>
    <dt>Current period ends</dt>
    <dd id="period-end"></dd>
  </dl>
  <p>
    <button id="cancel" type="button" hidden>Cancel subscription</button>
    <button class="primary" id="resume" type="button" hidden>Resume subscription</button>
    <button id="return" type="button">Return to TempMail</button>
  </p>
  <p id="error" role="alert"></p>`,
  script: `const summary = document.getElementById('summary');
const error = document.getElementById('error');
const cancel = document.getElementById('cancel');
const resume = document.getElementById('resume');
let returnUrl = '/';
async function call(method, path) {
  const response = await fetch(path, { method, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const result = await response.json();
  if (!response.ok) throw new Error(result.message || response.statusText);
  return result;
}
function show(subscription) {
  returnUrl = subscription.returnUrl;
  const price = (subscription.amount / 100).toLocaleString('en', { style: 'currency', currency: subscription.currency });
  const end = new Date(subscription.currentPeriodEnd).toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' });
  document.getElementById('plan').textContent = 'Monthly Pro, ' + price + ' per month';
  document.getElementById('period-end').textContent = end;
  document.getElementById('details').hidden = false;
  summary.textContent = subscription.cancelAtPeriodEnd
    ? 'Your subscription is cancelled: Pro stays until ' + end + ' and does not renew.'
    : 'Your subscription renews on ' + end + '.';
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
  dd { margin: 0; font-weight: 600; }`,
};

export const demoBillingPage: RequestHandler = (_request, response) => {
  sendPage(response, page);
};
