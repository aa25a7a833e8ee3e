import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useScrollPadding } from '../../shared/scroll/use-scroll-padding';
import {
  CONSENT_PURPOSES,
  consentReopened,
  readConsent,
  uniformConsent,
  useConsent,
  type ConsentPreferences,
} from './consent-store';
import { COMPACT_PRIMARY, COMPACT_SECONDARY } from '../../shared/ui/button-classes';

/** The banner waits this long after load, so it never hides the first view. */
const BANNER_DELAY_MS = 2000;

/**
 * The cookie consent bar: accept all, decline all, or choose each purpose.
 * A labelled region at the bottom of the page, not a dialog: the page stays usable, and
 * nothing that needs consent runs until a choice is stored. It comes first in the page's
 * order (AppShell), so a keyboard reaches it in a few Tab presses, not after every link.
 * It sits under a dialog's dimmed overlay (z-40), as the rest of the page does. Compact (a
 * few lines and the buttons, under a seventh of a phone's screen) until the reader asks to
 * customize. Its heading and its sentence are blocks of their own: one paragraph of both
 * was, on a phone, the largest text the French home page painted, so that page's largest
 * contentful paint waited for the bar (ADR 0028).
 */
export function ConsentBanner() {
  const { t } = useTranslation('marketing');
  const { preferences, save: store } = useConsent();
  const reopened = consentReopened.use();
  const [due, setDue] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentPreferences>(() => uniformConsent(false));
  const headingId = useId();
  const choicesId = useId();
  const banner = useRef<HTMLElement>(null);
  // Where focus was when the choices were asked for again: it goes back there after.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Asked for again: open on the choices as stored, and take focus to the first of them.
  useEffect(() => {
    if (!reopened) return;
    opener.current = document.activeElement as HTMLElement | null;
    setDraft(readConsent() ?? uniformConsent(false));
    setCustomizing(true);
  }, [reopened]);
  useEffect(() => {
    if (reopened && customizing) banner.current?.querySelector<HTMLElement>('input')?.focus();
  }, [reopened, customizing]);

  const shown = reopened || (due && !preferences);
  // Fixed over the bottom of the page: what takes focus is scrolled into view above it.
  useScrollPadding(banner, 'bottom', shown);

  const save = (next: ConsentPreferences) => {
    store(next);
    if (!reopened) return;
    consentReopened.set(false);
    opener.current?.focus();
  };

  if (!shown) return null;

  return (
    <section
      ref={banner}
      role="region"
      aria-labelledby={headingId}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-35 max-h-[80dvh] overflow-y-auto border-t border-slate-200 bg-white px-4 py-2.5 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-7xl space-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1 basis-72 text-sm">
            {/* On a phone the sentence says it alone; the heading still names the region. */}
            <p
              id={headingId}
              className="font-semibold text-slate-900 max-sm:sr-only dark:text-slate-100"
            >
              {t('consent.heading')}
            </p>
            <p className="text-slate-600 dark:text-slate-300">{t('consent.description')}</p>
          </div>
          {/* Narrower padding on a phone keeps the three on one line in every language. */}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => save(uniformConsent(true))}
              className={`${COMPACT_PRIMARY} max-sm:px-2`}
            >
              {t('consent.acceptAll')}
            </button>
            <button
              type="button"
              onClick={() => save(uniformConsent(false))}
              className={`${COMPACT_SECONDARY} max-sm:px-2`}
            >
              {t('consent.declineAll')}
            </button>
            <button
              type="button"
              onClick={() => setCustomizing(!customizing)}
              aria-expanded={customizing}
              aria-controls={customizing ? choicesId : undefined}
              className={`${COMPACT_SECONDARY} max-sm:px-2`}
            >
              {t('consent.customize')}
            </button>
          </div>
        </div>
        {customizing && (
          <form
            id={choicesId}
            onSubmit={(event) => {
              event.preventDefault();
              save(draft);
            }}
            className="space-y-3"
          >
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('consent.essential')}</p>
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="sr-only">{t('consent.purposesLegend')}</legend>
              {CONSENT_PURPOSES.map((purpose) => (
                <div
                  key={purpose}
                  className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                >
                  <input
                    id={`${choicesId}-${purpose}`}
                    type="checkbox"
                    checked={draft[purpose]}
                    onChange={(event) => setDraft({ ...draft, [purpose]: event.target.checked })}
                    aria-describedby={`${choicesId}-${purpose}-description`}
                    className="mt-0.5 size-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                  />
                  <div>
                    <label htmlFor={`${choicesId}-${purpose}`} className="block font-medium">
                      {t(`consent.purposes.${purpose}.label`)}
                    </label>
                    <p
                      id={`${choicesId}-${purpose}-description`}
                      className="text-slate-600 dark:text-slate-300"
                    >
                      {t(`consent.purposes.${purpose}.description`)}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <button type="submit" className={COMPACT_PRIMARY}>
              {t('consent.save')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
