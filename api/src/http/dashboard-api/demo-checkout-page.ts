import type { RequestHandler } from 'express';
import { sendPage, type Page } from './render-page.js';

/** The notice that says a page is a demo, for the demo pages (checkout, billing portal). */
export const DEMO_NOTICE_STYLE =
  '\n  .demo { background: #fff3cd; color: #1a1a1a; border: 2px solid #b58100; border-radius: .5rem; padding: .75rem 1rem; }' +
  '\n  @media (prefers-color-scheme: dark) { .demo { background: #422006; color: #fef3c7; } }';

/**
 * The page the demo checkout sends a buyer to (no payment provider configured). It says
 * plainly that it is a demo, shows the plan and price, and completes or cancels through the
 * product API, which runs the same fulfilment as a real payment. The dashboard may replace
 * it with a page of its own; the API behind it stays.
 */
const page = (id: string): Page => ({
  title: 'Demo checkout',
  main: `  <p class="demo" role="note"><strong>Demo checkout.</strong> No payment provider is configured on this server, so nothing is charged. Completing it grants Pro exactly as a real payment would.</p>
  <h1>TempMail Pro</h1>
  <p id="summary" aria-live="polite">Loading the checkout…</p>
  <form id="pay">
    <p>
      <label for="email">Email to sign in on your other devices (optional)</label><br>
      <input id="email" name="email" type="email" autocomplete="email" size="32" aria-describedby="email-help">
      <br><small id="email-help">We mail it a link. Open the link in this browser and the email signs in to this Pro account ("Already Pro? Sign in with your email"). Pro works in this browser either way.</small>
    </p>
    <p>
      <button class="primary" id="complete" type="submit" disabled>Complete demo payment</button>
      <button id="cancel" type="button" disabled>Cancel</button>
    </p>
  </form>
  <p id="error" role="alert"></p>`,
  script: `const id = ${JSON.stringify(id)};
const summary = document.getElementById('summary');
const error = document.getElementById('error');
const buttons = [document.getElementById('complete'), document.getElementById('cancel')];
const names = { pro_24hr: '24-hour pass', pro_monthly: 'Monthly Pro' };
async function call(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, credentials: 'same-origin', headers, body: body && JSON.stringify(body) });
  const result = await response.json();
  if (!response.ok) throw new Error(result.message || response.statusText);
  return result;
}
call('GET', '/api/demo-checkout/' + id).then((session) => {
  const price = (session.amount / 100).toLocaleString('en', { style: 'currency', currency: session.currency });
  summary.textContent = names[session.plan] + ': ' + price + (session.plan === 'pro_monthly' ? ' per month' : '');
  if (session.status === 'open') buttons.forEach((button) => (button.disabled = false));
  else summary.textContent += ' (this checkout is ' + session.status + ')';
}, (failure) => { summary.textContent = ''; error.textContent = failure.message; });
async function finish(action, body) {
  buttons.forEach((each) => (each.disabled = true));
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
});

export const demoCheckoutPage: RequestHandler = (request, response, next) => {
  const id = String(request.params.id);
  if (!/^[0-9a-f]{24}$/.test(id)) {
    next();
    return;
  }
  sendPage(response, page(id));
};
