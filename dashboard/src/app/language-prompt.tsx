import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import {
  chooseLanguage,
  LANGUAGE_CHOICE_FLAG,
  supportedLanguage,
  type Language,
} from '../shared/preferences/choose-language';
import { loadNamespaceOf } from '../shared/i18n/init-i18n';
import { readStorage, writeStorage } from '../shared/preferences/read-storage';
import { useScrollPadding } from '../shared/scroll/use-scroll-padding';
import { COMPACT_PRIMARY, COMPACT_SECONDARY } from '../shared/ui/button-classes';
import { useSwitchLanguage } from './routing/use-switch-language';

/** Set when the reader answered the prompt, so it is asked once. */
const PROMPT_ANSWERED = 'tm_lang_prompt_answered';
/** Asked once the detection has had its turn, not over the first paint. */
const PROMPT_DELAY_MS = 1500;

/**
 * When the browser's language is one we have and differs from the page's,
 * offer it (yes/no), in that language. Not asked of readers who chose a language themselves.
 * A card over the top corner of the page, not a bar in its flow: appearing after the page
 * has painted, a bar pushed everything down under the reader's eyes (a layout shift of
 * 0.1, Lighthouse's whole allowance). First in the document, so the keyboard reaches it first.
 */
export function LanguagePrompt() {
  const { i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const [offer, setOffer] = useState<Language | null>(null);
  const current = supportedLanguage(i18n.language) ?? 'en';
  const card = useRef<HTMLDivElement>(null);
  // Over the top of the page while it waits for an answer: what takes focus is scrolled
  // clear of it.
  useScrollPadding(card, 'top', offer !== null);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (readStorage(LANGUAGE_CHOICE_FLAG) || readStorage(PROMPT_ANSWERED)) return;
      const browser = chooseLanguage({ stored: null, cookie: null, browser: navigator.languages });
      const speaks = navigator.languages.some((tag) => supportedLanguage(tag) === browser);
      if (!speaks || browser === current) return setOffer(null);
      // The question is asked in the browser's language: its four texts first (not the
      // whole language, which a reader who says no never needs).
      loadNamespaceOf(browser, 'prompt').then(
        () => setOffer(browser),
        (error: unknown) => console.warn(`The ${browser} texts did not load`, error),
      );
    }, PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current]);

  if (!offer) return null;
  const t = i18n.getFixedT(offer, 'prompt');
  const answer = (yes: boolean) => {
    writeStorage(PROMPT_ANSWERED, 'true');
    setOffer(null);
    if (yes) switchLanguage(offer);
  };
  return (
    <div
      ref={card}
      role="region"
      aria-label={t('label')}
      lang={offer}
      className="fixed inset-x-4 top-16 z-40 rounded-xl border border-indigo-200 bg-indigo-50 shadow-lg sm:left-auto sm:w-96 dark:border-indigo-800 dark:bg-indigo-950"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm">
        <p className="mr-auto">{t('question')}</p>
        <button type="button" className={COMPACT_PRIMARY} onClick={() => answer(true)}>
          {t('yes')}
        </button>
        <button type="button" className={COMPACT_SECONDARY} onClick={() => answer(false)}>
          {t('no')}
        </button>
      </div>
    </div>
  );
}
