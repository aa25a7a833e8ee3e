import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { serverPagePolicy } from '../set-security-headers.js';

export interface Page {
  title: string;
  main: string;
  script: string;
  style?: string;
}

/**
 * The shell of the few pages the API serves itself (demo checkout, forwarding confirmation):
 * not indexed, no referrer, one readable column, visible focus. `main` and `script` are
 * trusted markup written by us; nothing from a request goes in unescaped. The inline script
 * and style carry `nonce`, the only ones the page's policy lets run.
 */
export function renderPage(page: Page, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${page.title} · TempMail</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  input { font: inherit; padding: .5rem; border: 1px solid #555; border-radius: .4rem; margin: .25rem 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .4rem; border: 1px solid #333; cursor: pointer; margin-right: .5rem; }
  button.primary { background: #1a5fd1; color: #fff; border-color: #1a5fd1; }
  button:focus-visible, input:focus-visible { outline: 3px solid #b58100; outline-offset: 2px; }${page.style ?? ''}
</style>
</head>
<body>
<main>
${page.main}
</main>
<script nonce="${nonce}">
${page.script}
</script>
</body>
</html>`;
}

/**
 * Sends `page`, never cached, under a policy with a fresh nonce: a nonce is worth something only
 * if no one can guess or reuse it (CSP Level 3, nonce-source).
 */
export function sendPage(response: Response, page: Page): void {
  const nonce = randomBytes(16).toString('base64');
  response
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', serverPagePolicy(nonce))
    .send(renderPage(page, nonce));
}
