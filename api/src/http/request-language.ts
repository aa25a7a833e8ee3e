import type { Request } from 'express';
import {
  SITE_LANGUAGES,
  siteLanguageOf,
  type SiteLanguage,
} from '../features/languages/site-languages.js';
import type { MailRequest } from '../features/outbound/create-mailer.js';
import { readCookie } from './read-cookie.js';

/** The cookie the dashboard keeps a language choice in (`save-language.ts`). */
const LANGUAGE_COOKIE = 'tm_lang';

/**
 * The language the server's own pages and mails use for a request: the choice this browser
 * made on the site (its cookie), else the language a mailed link was written in (`?lang=`,
 * so a link opened on another device reads like the mail), else the browser's languages,
 * else English.
 */
export function requestLanguage(
  request: Pick<Request, 'headers' | 'acceptsLanguages'> & { readonly query: object },
): SiteLanguage {
  const { lang } = request.query as { lang?: unknown };
  const fromLink = typeof lang === 'string' ? lang : undefined;
  return (
    siteLanguageOf(readCookie(request, LANGUAGE_COOKIE)) ??
    siteLanguageOf(fromLink) ??
    ((request.acceptsLanguages(...SITE_LANGUAGES) as SiteLanguage | false) || 'en')
  );
}

/** Who asked, for a mail the request makes us write: its language, and the request's id. */
export const mailRequestOf = (
  request: Parameters<typeof requestLanguage>[0] & { readonly id: string },
): MailRequest => ({ language: requestLanguage(request), requestId: request.id });
