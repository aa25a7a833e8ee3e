import type { RequestHandler } from 'express';
import { sendPage, type Page } from './render-page.js';

/**
 * The page a forwarding confirmation link opens. Opening it changes nothing (mail scanners
 * follow links); the button POSTs the token. The dashboard may replace it; the API stays.
 */
const page = (token: string): Page => ({
  title: 'Confirm forwarding',
  main: `  <h1>Confirm forwarding</h1>
  <p>A TempMail Pro user asked to forward their temporary mail to this address. Confirm only if that was you.</p>
  <p><button class="primary" id="confirm" type="button">Yes, forward it to me</button></p>
  <p id="result" role="status" aria-live="polite"></p>`,
  script: `const token = ${JSON.stringify(token)};
const button = document.getElementById('confirm');
const result = document.getElementById('result');
button.addEventListener('click', async () => {
  button.disabled = true;
  const response = await fetch('/api/forwarding/confirm', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ token }),
  });
  const body = await response.json();
  result.textContent = response.ok
    ? 'Confirmed: mail to ' + body.forwardingEmail + ' will be forwarded from now on.'
    : body.message;
  if (!response.ok) button.disabled = false;
});`,
});

export const forwardingConfirmPage: RequestHandler = (request, response, next) => {
  const token = typeof request.query.token === 'string' ? request.query.token : '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    next();
    return;
  }
  sendPage(response, page(token));
};
