import { describe, expect, it } from 'vitest';
import { parseSitePath, sitePath, switchLanguagePath } from '../src/shared/routing/site-routes.js';

describe('the route table', () => {
  it('reads the translated pages, unprefixed in English and under /fr, /es, /de', () => {
    expect(parseSitePath('/')).toEqual({ page: 'home', language: 'en' });
    expect(parseSitePath('/fr')).toEqual({ page: 'home', language: 'fr' });
    expect(parseSitePath('/de/')).toEqual({ page: 'home', language: 'de' });
    for (const page of ['features', 'faq', 'privacy', 'terms', 'trust-safety', 'contact', 'blog']) {
      expect(parseSitePath(`/${page}`)).toEqual({ page, language: 'en' });
      expect(parseSitePath(`/es/${page}`)).toEqual({ page, language: 'es' });
    }
    expect(parseSitePath('/blog/what-is-temporary-email')).toEqual({
      page: 'blog-post',
      language: 'en',
      slug: 'what-is-temporary-email',
    });
    expect(parseSitePath('/fr/blog/temp-mail-for-facebook')).toMatchObject({
      page: 'blog-post',
      language: 'fr',
    });
  });

  it('keeps landing and payment pages unprefixed only', () => {
    expect(parseSitePath('/temp-mail-facebook')).toEqual({
      page: 'temp-mail-facebook',
      language: null,
    });
    expect(parseSitePath('/pro/success')).toEqual({ page: 'pro-success', language: null });
    expect(parseSitePath('/pro/cancel')).toEqual({ page: 'pro-cancel', language: null });
    expect(parseSitePath('/fr/temp-mail-facebook')).toEqual({ page: 'not-found', language: 'fr' });
    expect(parseSitePath('/de/pro/success').page).toBe('not-found');
  });

  it('sends everything else to the 404 page', () => {
    for (const path of [
      '/nope',
      '/en',
      '/en/faq',
      '/it',
      '/faq/more',
      '/blog/a/b',
      '/blog/Bad_Slug',
    ]) {
      expect(parseSitePath(path).page).toBe('not-found');
    }
  });

  it('writes paths back, and the switcher keeps the page', () => {
    expect(sitePath('home', 'en')).toBe('/');
    expect(sitePath('home', 'fr')).toBe('/fr');
    expect(sitePath('faq', 'de')).toBe('/de/faq');
    expect(sitePath('blog-post', 'es', 'x-y')).toBe('/es/blog/x-y');
    expect(sitePath('temporary-gmail', 'fr')).toBe('/temporary-gmail');
    expect(switchLanguagePath(parseSitePath('/fr/blog/x-y'), 'en')).toBe('/blog/x-y');
    expect(switchLanguagePath(parseSitePath('/contact'), 'de')).toBe('/de/contact');
    expect(switchLanguagePath(parseSitePath('/best-temp-mail'), 'de')).toBeNull();
  });
});
