// The product's facts as the copy states them. Every page, dialog and test
// reads them from here, so no text can contradict another.

/** A free address lives this long (the server's FREE_MAILBOX_LIFETIME_MS). */
export const FREE_ADDRESS_LIFETIME_MINUTES = 60;

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

/** Public API limits, as the server enforces them by default. */
export const API_LIMITS = { freePerHour: 60, proPerHour: 300, burstPerMinute: 100 } as const;

/**
 * Kept per locale: building an Intl.NumberFormat costs far more than formatting, and the
 * home page formats its prices in every rich text it renders (133 ms of a throttled phone's
 * start-up before this cache).
 */
const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price in the reader's language and the charged currency: "$3" in English, "3 $US" in
 * French, "3 US$" in Spanish, "3 $" in German.
 */
export function formatPrice(amount: number, language: string): string {
  const locale = language === 'en' ? 'en-US' : language;
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: PRICE_CURRENCY,
      maximumFractionDigits: 0,
    });
    priceFormats.set(locale, format);
  }
  return format.format(amount);
}
