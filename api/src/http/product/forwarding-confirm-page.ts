import type { RequestHandler } from 'express';

/**
 * The page a forwarding confirmation link opens. Opening it changes nothing (mail scanners
 * follow links); the button POSTs the token. The dashboard may replace it; the API stays.
 */
const page = (token: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>Confirm forwarding · TempMail</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .4rem; border: 1px solid #1a5fd1; background: #1a5fd1; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #b58100; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Confirm forwarding</h1>
  <p>A TempMail Pro user asked to forward their temporary mail to this address. Confirm only if that was you.</p>
  <p><button id="confirm" type="button">Yes, forward it to me</button></p>
  <p id="result" role="status" aria-live="polite"></p>
</main>
<script>
const token = ${JSON.stringify(token)};
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
});
</script>
</body>
</html>`;

export const forwardingConfirmPage: RequestHandler = (request, response, next) => {
  const token = typeof request.query.token === 'string' ? request.query.token : '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    next();
    return;
  }
  response.type('html').setHeader('Cache-Control', 'no-store').send(page(token));
};
