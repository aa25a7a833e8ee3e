import { SUPPORTED_LANGUAGES, type Language } from '../preferences/choose-language';

// The site's routes: English unprefixed, /fr, /es, /de for the pages that
// are translated; landing and payment pages unprefixed only; everything else is not found.

/** Pages that exist in every language, under `/{lang}` for all but English. */
export const LOCALIZED_PAGES = [
  'home',
  'features',
  'faq',
  'privacy',
  'terms',
  'trust-safety',
  'contact',
  'blog',
] as const;

/** Pages with one unprefixed path, shown in the visitor's language. */
export const LANDING_PAGES = [
  'temp-mail-facebook',
  'temporary-email-generator',
  'best-temp-mail',
  'temporary-gmail',
] as const;
const UNPREFIXED_PAGES = { 'pro/success': 'pro-success', 'pro/cancel': 'pro-cancel' } as const;

export type LocalizedPage = (typeof LOCALIZED_PAGES)[number];
export type LandingPage = (typeof LANDING_PAGES)[number];
export type PageId =
  | LocalizedPage
  | 'blog-post'
  | LandingPage
  | (typeof UNPREFIXED_PAGES)[keyof typeof UNPREFIXED_PAGES]
  | 'not-found';

export interface SiteRoute {
  page: PageId;
  /** The language the path names (its prefix, or English when a translated page has none); null: the visitor's. */
  language: Language | null;
  /** The blog post's slug. */
  slug?: string;
}

const isLanguage = (segment: string | undefined): segment is Language =>
  SUPPORTED_LANGUAGES.some((language) => language === segment);

/** A slug is lower-case words joined by hyphens; anything else cannot be a post. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The page a path shows. A trailing slash is the same path. */
export function parseSitePath(pathname: string): SiteRoute {
  const segments = pathname.split('/').filter(Boolean);
  const prefixed = isLanguage(segments[0]) && segments[0] !== 'en';
  const language: Language = prefixed ? (segments[0] as Language) : 'en';
  const rest = prefixed ? segments.slice(1) : segments;
  const path = rest.join('/');

  if (path === '') return { page: 'home', language };
  if (rest.length === 1 && (LOCALIZED_PAGES as readonly string[]).includes(path)) {
    return { page: path as LocalizedPage, language };
  }
  if (rest.length === 2 && rest[0] === 'blog' && SLUG.test(rest[1]!)) {
    return { page: 'blog-post', language, slug: rest[1] };
  }
  if (!prefixed) {
    if ((LANDING_PAGES as readonly string[]).includes(path)) {
      return { page: path as LandingPage, language: null };
    }
    if (path in UNPREFIXED_PAGES) {
      return { page: UNPREFIXED_PAGES[path as keyof typeof UNPREFIXED_PAGES], language: null };
    }
  }
  return { page: 'not-found', language: prefixed ? language : null };
}

/** Whether a page has a version per language. */
export function isLocalized(page: PageId): page is LocalizedPage | 'blog-post' {
  return page === 'blog-post' || (LOCALIZED_PAGES as readonly string[]).includes(page);
}

/** The path of a page in a language: English without a prefix, others under `/{lang}`. */
export function sitePath(page: PageId, language: Language, slug?: string): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  switch (page) {
    case 'home':
      return prefix || '/';
    case 'blog-post':
      return `${prefix}/blog/${slug}`;
    case 'pro-success':
      return '/pro/success';
    case 'pro-cancel':
      return '/pro/cancel';
    case 'not-found':
      return '/404';
    default:
      return isLocalized(page) ? `${prefix}/${page}` : `/${page}`;
  }
}

/** The same page in another language: what the switcher navigates to. */
export function switchLanguagePath(route: SiteRoute, language: Language): string | null {
  return isLocalized(route.page) ? sitePath(route.page, language, route.slug) : null;
}
