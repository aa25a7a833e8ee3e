import type { RequestHandler } from 'express';
import { escapeHtml } from '../../escape-html.js';
import { textsIn, type ServerTexts } from '../../features/languages/server-texts.js';
import { languagePrefix } from '../../features/languages/site-languages.js';
import { LINK_TOKEN_PATTERN } from '../../features/recovery/mailed-links.js';
import { requestLanguage } from '../request-language.js';
import { sendInvalidLinkPage, sendPage } from './render-page.js';

/** A confirmation page's words: its title, what confirming does, the button, the result. */
type ConfirmationTexts = Pick<
  ServerTexts['pages']['confirmEmail'],
  'title' | 'intro' | 'button' | 'confirmed'
>;

export interface ConfirmationPage {
  /** The page's words, in the language asked for. */
  texts: (pages: ServerTexts['pages']) => ConfirmationTexts;
  /** What the page says for each API error code it can meet, besides an invalid link. */
  errors?: (pages: ServerTexts['pages']) => Record<string, string>;
  /** The product API call that takes `{ token }`. */
  endpoint: string;
  /** The answer's field that `{value}` in `confirmed` stands for. */
  field: string;
}

/**
 * A page a mailed link opens. Opening it changes nothing (mail scanners and link previews
 * follow links); only its button POSTs the token, and the outcome is shown in the page's
 * language.
 */
export function confirmationPage(options: ConfirmationPage): RequestHandler {
  return (request, response) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const language = requestLanguage(request);
    const { pages } = textsIn(language);
    const { common } = pages;
    const words = options.texts(pages);
    const home = `${languagePrefix(language)}/`;
    if (!LINK_TOKEN_PATTERN.test(token)) {
      sendInvalidLinkPage(response, { language, title: words.title, home }, common);
      return;
    }
    sendPage(response, {
      language,
      title: words.title,
      main: `  <h1>${escapeHtml(words.title)}</h1>
  <p>${escapeHtml(words.intro)}</p>
  <p><button class="primary" id="confirm" type="button">${escapeHtml(words.button)}</button> <a href="${home}" id="leave">${escapeHtml(common.notNow)}</a></p>
  <p id="result" role="status" aria-live="polite"></p>`,
      texts: {
        common,
        errors: { not_found: common.invalidLink, ...options.errors?.(pages) },
        confirmed: words.confirmed,
      },
      script: `const token = ${JSON.stringify(token)};
const button = document.getElementById('confirm');
const leave = document.getElementById('leave');
const result = document.getElementById('result');
button.addEventListener('click', async () => {
  button.disabled = true;
  try {
    const answer = await call('POST', ${JSON.stringify(options.endpoint)}, { token });
    result.textContent = fill(texts.confirmed, { value: answer[${JSON.stringify(options.field)}] });
  } catch (failure) {
    result.textContent = failure.message;
    button.disabled = false;
    return;
  }
  // Done: nothing is left to press here but the way back. The pressed button goes, so focus
  // moves to what it did.
  button.hidden = true;
  leave.textContent = texts.common.goToTempMail;
  result.tabIndex = -1;
  result.focus();
});`,
    });
  };
}
