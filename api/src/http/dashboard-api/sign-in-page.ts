import type { RequestHandler } from 'express';
import { LINK_TOKEN_PATTERN } from '../../features/recovery/mailed-links.js';
import { sendPage, type Page } from './render-page.js';

/**
 * The page a sign-in link opens. Opening it changes nothing (mail scanners and link previews
 * follow links): it shows which account the link signs in to and, when this browser is
 * signed in to another account, says so and asks before switching. Only the button POSTs
 * the token.
 */
const page = (token: string): Page => ({
  title: 'Sign in',
  main: `  <h1>Sign in to TempMail</h1>
  <p id="summary" aria-live="polite">Checking the link…</p>
  <p id="note" hidden></p>
  <p id="actions" hidden>
    <button class="primary" id="confirm" type="button">Sign in</button>
    <a href="/">Cancel</a>
  </p>
  <p id="error" role="alert"></p>
  <p id="retry" hidden><a href="/?upgrade=true">Ask for a new link</a> · <a href="/">Go to TempMail</a></p>`,
  script: `const token = ${JSON.stringify(token)};
const summary = document.getElementById('summary');
const note = document.getElementById('note');
const actions = document.getElementById('actions');
const button = document.getElementById('confirm');
const error = document.getElementById('error');
const retry = document.getElementById('retry');
const plans = { free: 'free', pro_24hr: 'Pro, 24-hour pass', pro_monthly: 'Pro, monthly' };
const describe = (account) => (account.email || 'an account without an email') + ' (' + (account.isPro ? plans[account.plan] : 'Pro ended') + ')';
async function call(path) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ token }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.message || response.statusText);
  return body;
}
call('/api/access-recovery/inspect').then((preview) => {
  const target = describe(preview.account);
  if (preview.browser === 'same') {
    summary.textContent = 'This browser is already signed in to ' + target + '.';
    button.textContent = 'Go to my inbox';
  } else if (preview.browser === 'other_account') {
    summary.textContent = 'This link signs in to ' + target + '.';
    note.textContent = 'This browser is signed in to another account now: ' + describe(preview.currentAccount) + '. Continuing switches this browser to ' + preview.account.email + '; you can come back to the other account with its own sign-in link.';
    note.hidden = false;
    button.textContent = 'Switch account';
  } else {
    summary.textContent = 'Sign in to ' + target + ' in this browser?';
  }
  actions.hidden = false;
  button.addEventListener('click', async () => {
    if (preview.browser === 'same') return location.assign('/');
    button.disabled = true;
    try {
      await call('/api/access-recovery/redeem');
      location.assign('/?signed_in=true');
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
}, (failure) => {
  summary.textContent = '';
  error.textContent = failure.message;
  retry.hidden = false;
});`,
});

export const signInPage: RequestHandler = (request, response, next) => {
  const token = typeof request.query.token === 'string' ? request.query.token : '';
  if (!LINK_TOKEN_PATTERN.test(token)) {
    next();
    return;
  }
  sendPage(response, page(token));
};
