import type { SiteLanguage } from '../languages/site-languages.js';

/**
 * Where a checkout sends the buyer back to, Stripe's and the demo's alike. The links name
 * the language the checkout was started in: the server's first answer for these pages (the
 * app, before its script picks a language) and the app itself then read in that language.
 */
export function paymentReturnUrls(publicUrl: string) {
  return {
    success: (paymentId: string, language: SiteLanguage) =>
      `${publicUrl}/pro/success?cs=${paymentId}&lang=${language}`,
    cancel: (language: SiteLanguage) => `${publicUrl}/pro/cancel?lang=${language}`,
  };
}
