import type { RequestHandler } from 'express';
import { LINK_TOKEN_PATTERN } from '../../features/recovery/mailed-links.js';
import { sendPage, type Page } from './render-page.js';

export interface ConfirmationPage {
  title: string;
  /** Trusted markup written by us: what confirming does, and whom it is for. */
  intro: string;
  button: string;
  /** The product API call that takes `{ token }`. */
  endpoint: string;
  /** The text shown once confirmed: `before`, the answer's `field`, then `after`. */
  confirmed: { before: string; field: string; after: string };
}

/**
 * A page a mailed link opens. Opening it changes nothing (mail scanners and link previews
 * follow links); only its button POSTs the token, and the answer's message is shown.
 */
export function confirmationPage(options: ConfirmationPage): RequestHandler {
  const page = (token: string): Page => ({
    title: options.title,
    main: `  <h1>${options.title}</h1>
  ${options.intro}
  <p><button class="primary" id="confirm" type="button">${options.button}</button> <a href="/" id="leave">Not now</a></p>
  <p id="result" role="status" aria-live="polite"></p>`,
    script: `const token = ${JSON.stringify(token)};
const confirmed = ${JSON.stringify(options.confirmed)};
const button = document.getElementById('confirm');
const leave = document.getElementById('leave');
const result = document.getElementById('result');
button.addEventListener('click', async () => {
  button.disabled = true;
  const response = await fetch(${JSON.stringify(options.endpoint)}, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ token }),
  });
  const body = await response.json();
  result.textContent = response.ok
    ? confirmed.before + body[confirmed.field] + confirmed.after
    : body.message;
  if (!response.ok) {
    button.disabled = false;
    return;
  }
  // Done: nothing is left to press here but the way back.
  button.hidden = true;
  leave.textContent = 'Go to TempMail';
});`,
  });
  return (request, response, next) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (!LINK_TOKEN_PATTERN.test(token)) {
      next();
      return;
    }
    sendPage(response, page(token));
  };
}
