// Our binding of i18next: texts asked for with no options are kept, and what is kept
// follows the language and any texts added later.
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslation } from '../src/shared/i18n/use-translation.js';

/** Renders what `t` gives for each call, joined by `|`. */
function Texts({ calls }: { calls: [string, Record<string, string>?][] }) {
  const { t } = useTranslation();
  return calls.map(([key, options]) => (options ? t(key, options) : t(key))).join('|');
}

const render = (...calls: [string, Record<string, string>?][]) =>
  renderToStaticMarkup(createElement(Texts, { calls }));

describe('useTranslation', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
      resources: {
        en: { translation: { greeting: 'Hello', named: 'Hi {{name}}' } },
        fr: { translation: { greeting: 'Bonjour', named: 'Salut {{name}}' } },
      },
    });
  });

  it('gives the same text twice, and options still reach i18next', () => {
    expect(render(['greeting'], ['greeting'])).toBe('Hello|Hello');
    expect(render(['named', { name: 'Ann' }], ['named', { name: 'Bo' }])).toBe('Hi Ann|Hi Bo');
  });

  it('follows a change of language and texts added afterwards', async () => {
    expect(render(['greeting'])).toBe('Hello');
    await i18next.changeLanguage('fr');
    expect(render(['greeting'])).toBe('Bonjour');
    i18next.addResourceBundle('fr', 'translation', { greeting: 'Salut' }, true, true);
    expect(render(['greeting'])).toBe('Salut');
    await i18next.changeLanguage('en');
  });

  it('does not keep a missing key: the text is found once it is added', () => {
    expect(render(['late'])).toBe('late');
    i18next.addResourceBundle('en', 'translation', { late: 'Here now' }, true, true);
    expect(render(['late'])).toBe('Here now');
  });
});
