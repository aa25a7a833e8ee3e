import type { RequestHandler } from 'express';
import { escapeHtml } from '../../escape-html.js';
import { textsIn } from '../../features/languages/server-texts.js';
import { languagePrefix, type SiteLanguage } from '../../features/languages/site-languages.js';
import { LINK_TOKEN_PATTERN } from '../../features/recovery/mailed-links.js';
import { requestLanguage } from '../request-language.js';
import { sendInvalidLinkPage, sendPage, type Page } from './render-page.js';

/**
 * The page a sign-in link opens. Opening it changes nothing (mail scanners and link previews
 * follow links): it shows which account the link signs in to and, when this browser is
 * signed in to another account, says so and asks before switching. Only the button POSTs
 * the token.
 */
function page(token: string, language: SiteLanguage): Page {
  const { common, signIn } = textsIn(language).pages;
  const home = `${languagePrefix(language)}/`;
  return {
    language,
    title: signIn.title,
    main: `  <h1>${escapeHtml(signIn.heading)}</h1>
  <p id="summary" aria-live="polite">${escapeHtml(signIn.checking)}</p>
  <p id="note" hidden></p>
  <p id="actions" hidden>
    <button class="primary" id="confirm" type="button">${escapeHtml(signIn.signIn)}</button>
    <a href="${home}">${escapeHtml(common.cancel)}</a>
  </p>
  <p id="error" role="alert"></p>
  <p id="retry" hidden><a href="${home}?upgrade=true">${escapeHtml(signIn.askNewLink)}</a> · <a href="${home}">${escapeHtml(common.goToTempMail)}</a></p>`,
    texts: { common, errors: { not_found: common.invalidLink }, signIn, home },
    script: `const token = ${JSON.stringify(token)};
const summary = document.getElementById('summary');
const note = document.getElementById('note');
const actions = document.getElementById('actions');
const button = document.getElementById('confirm');
const error = document.getElementById('error');
const retry = document.getElementById('retry');
const { signIn } = texts;
const describe = (account) => (account.email || signIn.noEmail) + ' (' + (account.isPro ? signIn.plans[account.plan] : signIn.plans.ended) + ')';
call('POST', '/api/access-recovery/inspect', { token }).then((preview) => {
  const account = describe(preview.account);
  if (preview.browser === 'same') {
    summary.textContent = fill(signIn.alreadyHere, { account });
    button.textContent = signIn.goToInbox;
  } else if (preview.browser === 'other_account') {
    summary.textContent = fill(signIn.linkSignsInTo, { account });
    note.textContent = fill(signIn.otherAccount, { current: describe(preview.currentAccount), email: preview.account.email });
    note.hidden = false;
    button.textContent = signIn.switchAccount;
  } else {
    summary.textContent = fill(signIn.question, { account });
  }
  actions.hidden = false;
  button.addEventListener('click', async () => {
    if (preview.browser === 'same') return location.assign(texts.home);
    button.disabled = true;
    try {
      await call('POST', '/api/access-recovery/redeem', { token });
      location.assign(texts.home + '?signed_in=true');
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
  };
}

export const signInPage: RequestHandler = (request, response) => {
  const token = typeof request.query.token === 'string' ? request.query.token : '';
  const language = requestLanguage(request);
  if (!LINK_TOKEN_PATTERN.test(token)) {
    const { common, signIn } = textsIn(language).pages;
    const home = `${languagePrefix(language)}/`;
    sendInvalidLinkPage(response, { language, title: signIn.title, home }, common);
    return;
  }
  sendPage(response, page(token, language));
};
