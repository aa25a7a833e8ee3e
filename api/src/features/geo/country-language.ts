import type { SiteLanguage } from '../languages/site-languages.js';

/** Which site language each country gets; a country not listed here maps to none. */
const COUNTRIES: Record<SiteLanguage, readonly string[]> = {
  en: ['US', 'GB', 'AU', 'CA', 'NZ', 'IE', 'ZA'],
  fr: ['FR', 'BE', 'CH', 'LU', 'MC', 'MA', 'DZ', 'TN'],
  es: [
    'ES',
    'MX',
    'AR',
    'CO',
    'PE',
    'VE',
    'CL',
    'EC',
    'GT',
    'CU',
    'BO',
    'DO',
    'HN',
    'PY',
    'SV',
    'NI',
    'CR',
    'PA',
    'UY',
    'PR',
  ],
  de: ['DE', 'AT', 'LI'],
};

const LANGUAGE_BY_COUNTRY = new Map(
  Object.entries(COUNTRIES).flatMap(([language, countries]) =>
    countries.map((country) => [country, language as SiteLanguage] as const),
  ),
);

/**
 * A country code as a CDN or proxy reports it, checked (exactly two letters) and upper-cased;
 * with the site language it maps to, if any.
 */
export function countryLanguage(raw: string | undefined): {
  country: string | null;
  language: SiteLanguage | null;
} {
  const country = raw?.trim().toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country) || country === 'XX' || country === 'T1') {
    return { country: null, language: null };
  }
  return { country, language: LANGUAGE_BY_COUNTRY.get(country) ?? null };
}
