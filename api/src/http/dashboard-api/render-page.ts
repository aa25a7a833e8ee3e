import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { escapeHtml } from '../../escape-html.js';
import type { ServerTexts } from '../../features/languages/server-texts.js';
import type { SiteLanguage } from '../../features/languages/site-languages.js';
import { serverPagePolicy } from '../set-security-headers.js';

export interface Page {
  language: SiteLanguage;
  title: string;
  main: string;
  /**
   * The words the page's script shows, in the page's language: `texts` in the script, with
   * `texts.common` and `texts.errors` (an API error's code to what the page says for it).
   */
  texts: PageTexts;
  script: string;
  style?: string;
}

type PageTexts = {
  common: ServerTexts['pages']['common'];
  errors: Readonly<Record<string, string>>;
} & Readonly<Record<string, unknown>>;

/** A value as a script literal: `<` escaped, so no text can end the script element. */
const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What every page's script starts with: its texts, `fill` for their `{name}`s, and `call`,
 * which calls the product API in the page's language and, when it fails, throws an Error
 * whose message is the API's in English and the page's own words for the error's code in
 * any other language (the API's messages are English), so every page reads in one
 * language.
 */
const prelude = (texts: PageTexts) => `const texts = ${scriptValue(texts)};
const fill = (template, values) => template.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
async function call(method, path, body) {
  // What the server writes for this call (a purchase's mail) follows this page's language.
  const headers = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang };
  if (body) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', headers, body: body && JSON.stringify(body) });
  } catch {
    throw new Error(texts.common.unreachable);
  }
  const result = await response.json().catch(() => ({}));
  if (response.ok) return result;
  // In English the API's own message says it best, as the app shows it.
  if (document.documentElement.lang === 'en' && result.message) throw new Error(result.message);
  if (response.status === 429) {
    const header = response.headers.get('Retry-After');
    const seconds = header === null ? NaN : Number(header);
    const minutes = Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60));
    throw new Error(fill(texts.common.tooMany, { minutes }));
  }
  throw new Error(texts.errors[result.code] || texts.common.failed);
}
`;

/**
 * The shell of the few pages the API serves itself (sign-in, mailed confirmations, demo
 * checkout and billing), in the visitor's language: not indexed, no referrer, one readable
 * column, visible focus, the dashboard's indigo and type, and its dark colours when the
 * system asks for them. `main` and `script` are trusted markup written by us; nothing from a
 * request goes in unescaped. The inline script and style carry `nonce`, the only ones the
 * page's policy lets run.
 */
export function renderPage(page: Page, nonce: string): string {
  return `<!doctype html>
<html lang="${page.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)} · TempMail</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">
  :root { color-scheme: light dark; --ink: #0f172a; --paper: #fff; --muted: #475569; --line: #64748b; --accent: #4f46e5; --focus: #4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --ink: #f1f5f9; --paper: #0f172a; --muted: #cbd5e1; --line: #94a3b8; --focus: #818cf8; } }
  body { font: 16px/1.5 ui-sans-serif, system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: var(--ink); background: var(--paper); }
  input { font: inherit; padding: .5rem; border: 1px solid var(--line); border-radius: .5rem; margin: .25rem 0; width: 100%; box-sizing: border-box; color: inherit; background: transparent; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .5rem; border: 1px solid var(--line); cursor: pointer; margin: .25rem .5rem .25rem 0; color: inherit; background: transparent; }
  button.primary { background: var(--accent); color: #fff; border-color: var(--accent); font-weight: 600; }
  button:disabled { opacity: .6; cursor: default; }
  small { color: var(--muted); }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }${page.style ?? ''}
</style>
</head>
<body>
<main>
${page.main}
</main>
<script nonce="${nonce}">
${prelude(page.texts)}${page.script}
</script>
</body>
</html>`;
}

/**
 * Sends `page`, never cached, under a policy with a fresh nonce: a nonce is worth something only
 * if no one can guess or reuse it (CSP Level 3, nonce-source).
 */
export function sendPage(response: Response, page: Page, status = 200): void {
  const nonce = randomBytes(16).toString('base64');
  response
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', serverPagePolicy(nonce))
    .send(renderPage(page, nonce));
}

/**
 * What a mailed link's page says when its token cannot be one (cut short in the mail, say):
 * 404, the page's title, that the link is not valid, and the way to TempMail, in the
 * visitor's language, as a used or expired link's page would say it after its button.
 */
export function sendInvalidLinkPage(
  response: Response,
  { language, title, home }: { language: SiteLanguage; title: string; home: string },
  common: ServerTexts['pages']['common'],
): void {
  sendPage(
    response,
    {
      language,
      title,
      main: `  <h1>${escapeHtml(title)}</h1>
  <p role="alert">${escapeHtml(common.invalidLink)}</p>
  <p><a href="${escapeHtml(home)}">${escapeHtml(common.goToTempMail)}</a></p>`,
      texts: { common, errors: {} },
      script: '',
    },
    404,
  );
}
