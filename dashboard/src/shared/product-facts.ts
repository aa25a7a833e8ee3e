// The product's facts as the copy states them. Every page, dialog and test
// reads them from here, so no text can contradict another.

import type { Language } from './preferences/choose-language';

/** A free address lives this long (the server's FREE_MAILBOX_LIFETIME_MS). */
export const FREE_ADDRESS_LIFETIME_MINUTES = 60;

/** The inbox asks for new mail this often while its live stream is down (the spec's poll). */
export const INBOX_POLL_SECONDS = 10;

/** Pro keeps mail this long. */
export const PRO_RETENTION_HOURS = 24;

/** The two plans, by the ids the product API takes. */
export const PRO_PLANS = ['pro_monthly', 'pro_24hr'] as const;
export type ProPlan = (typeof PRO_PLANS)[number];

/** Prices in whole units of PRICE_CURRENCY. */
export const PLAN_PRICES: Record<ProPlan, number> = { pro_monthly: 3, pro_24hr: 1 };

/**
 * The currency the checkout charges (the server's plans), shown in every language: a price
 * reads in the currency the buyer pays, never converted.
 */
export const PRICE_CURRENCY = 'USD';

/** Webhooks one user may have (the server's MAX_WEBHOOKS). */
export const WEBHOOKS_PER_USER = 10;

/** Public API limits, as the server enforces them by default. */
export const API_LIMITS = { freePerHour: 60, proPerHour: 300, burstPerMinute: 100 } as const;

/**
 * New addresses one IP address may make, as the server allows by default
 * (ADDRESS_CREATION_PER_MINUTE and _PER_HOUR).
 */
export const ADDRESS_LIMITS = { perMinute: 5, perHour: 30 } as const;

/**
 * How each language writes a whole price in PRICE_CURRENCY, `#` for the amount: what
 * Intl.NumberFormat writes (dashboard/test/pro-rules.test.ts holds them equal). A table
 * rather than Intl at run time, because the first NumberFormat a page builds loads ICU's
 * number data in one piece: 164-288 ms of a phone's start-up (Chromium, CPU slowed 4x as
 * Lighthouse does), on every page that shows a price. The spaces are no-break spaces.
 */
const PRICE_PATTERNS: Readonly<Record<Language, string>> = {
  en: '$#',
  fr: '#\u00a0$US',
  es: '#\u00a0US$',
  de: '#\u00a0$',
};

/**
 * A price in the reader's language and the charged currency: "$3" in English, "3 $US" in
 * French, "3 US$" in Spanish, "3 $" in German. Prices are small whole amounts: no digit
 * grouping.
 */
export function formatPrice(amount: number, language: string): string {
  const pattern = PRICE_PATTERNS[language as Language] ?? PRICE_PATTERNS.en;
  return pattern.replace('#', String(amount));
}
