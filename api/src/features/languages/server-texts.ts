import type { SiteLanguage } from './site-languages.js';
import { de } from './texts/de.js';
import { en, type ServerTexts } from './texts/en.js';
import { es } from './texts/es.js';
import { fr } from './texts/fr.js';

export type { ServerTexts };

const TEXTS: Record<SiteLanguage, ServerTexts> = { en, fr, es, de };

/** The server's own words (mails, its pages) in `language`. */
export const textsIn = (language: SiteLanguage): ServerTexts => TEXTS[language];

/** `template` with each `{name}` replaced by `values[name]`; an unknown name stays as it is. */
export function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A mail's text: the greeting, a blank line, then the body's lines with `{link}` filled in. */
export function mailText(
  texts: ServerTexts,
  body: readonly string[],
  values: Readonly<Record<string, string>>,
): string {
  return [texts.mails.greeting, '', ...body.map((line) => fillText(line, values))].join('\n');
}
