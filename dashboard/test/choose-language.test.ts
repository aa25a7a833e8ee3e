import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  readCookie,
  supportedLanguage,
} from '../src/shared/preferences/choose-language.js';

describe('chooseLanguage', () => {
  it('takes the stored choice over the cookie and the browser', () => {
    expect(chooseLanguage({ stored: 'de', cookie: 'es', browser: ['fr-FR'] })).toBe('de');
  });

  it('takes the cookie when nothing is in local storage', () => {
    expect(chooseLanguage({ stored: null, cookie: 'es', browser: ['fr-FR'] })).toBe('es');
  });

  it('ignores a stored value it does not support', () => {
    expect(chooseLanguage({ stored: 'it', cookie: 'xx', browser: ['fr-FR'] })).toBe('fr');
  });

  it("takes the browser's first supported language", () => {
    expect(chooseLanguage({ stored: null, cookie: null, browser: ['ja', 'es-MX', 'de'] })).toBe(
      'es',
    );
  });

  it('falls back to English', () => {
    expect(chooseLanguage({ stored: null, cookie: null, browser: ['ja', 'pt-BR'] })).toBe('en');
    expect(chooseLanguage({ stored: '', cookie: '', browser: [] })).toBe('en');
  });
});

describe('supportedLanguage', () => {
  it('reads the base of a tag in any case', () => {
    expect(supportedLanguage('FR-ca')).toBe('fr');
    expect(supportedLanguage('en')).toBe('en');
    expect(supportedLanguage('english')).toBeNull();
    expect(supportedLanguage(undefined)).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds one cookie among others', () => {
    expect(readCookie('a=1; tm_lang=fr; b=2', 'tm_lang')).toBe('fr');
    expect(readCookie('xtm_lang=de', 'tm_lang')).toBeNull();
    expect(readCookie('', 'tm_lang')).toBeNull();
  });
});
