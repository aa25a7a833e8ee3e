import {
  ADDRESS_LIMITS,
  API_LIMITS,
  FREE_ADDRESS_LIFETIME_MINUTES,
  INBOX_POLL_SECONDS,
  PLAN_PRICES,
  PRO_RETENTION_HOURS,
  formatPrice,
} from '../../shared/product-facts';

/**
 * The part of i18next's `t` these modules use, so the pure ones can be called (and tested)
 * with any translator.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The pass lasts a day, and every payment has a money-back window. */
const PASS_LENGTH_HOURS = 24;
const MONEY_BACK_DAYS = 30;

/**
 * The product facts the marketing texts interpolate. Texts name them as
 * `{{minutes}}`, `{{monthly}}`... and never spell a number, so no copy can drift from the facts.
 */
export function marketingValues(language: string): Record<string, string | number> {
  return {
    minutes: FREE_ADDRESS_LIFETIME_MINUTES,
    pollSeconds: INBOX_POLL_SECONDS,
    hours: PRO_RETENTION_HOURS,
    monthly: formatPrice(PLAN_PRICES.pro_monthly, language),
    pass: formatPrice(PLAN_PRICES.pro_24hr, language),
    freePerHour: API_LIMITS.freePerHour,
    proPerHour: API_LIMITS.proPerHour,
    burstPerMinute: API_LIMITS.burstPerMinute,
    addressesPerMinute: ADDRESS_LIMITS.perMinute,
    addressesPerHour: ADDRESS_LIMITS.perHour,
    passHours: PASS_LENGTH_HOURS,
    refundDays: MONEY_BACK_DAYS,
  };
}
