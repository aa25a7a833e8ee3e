import { TempMailError } from '@tempmail/sdk';
import i18next, { type TFunction } from 'i18next';

/**
 * What a failed call says. The API words its errors in English, one wording for every caller
 * (the SDK, the CLI, scripts). In English the app shows that message where the spec says to
 * (forwarding, the alias, signing out); in another language it never shows English: it says
 * what it knows of the error's code (`codes`, already translated), how long to wait after a
 * 429 (`tooMany`, a text key given `minutes`, from Retry-After), or the place's `fallback`.
 */
export function apiErrorText(
  error: unknown,
  t: TFunction,
  words: { fallback: string; codes?: Readonly<Record<string, string>>; tooMany?: string },
): string {
  if (!(error instanceof TempMailError)) return words.fallback;
  if (i18next.language === 'en' && error.message) return error.message;
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return t(words.tooMany ?? 'errors.tooManyMinutes', { minutes });
  }
  return words.codes?.[error.code] ?? words.fallback;
}
