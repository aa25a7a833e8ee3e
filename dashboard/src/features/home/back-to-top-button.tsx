import { useTranslation } from '../../shared/i18n/use-translation';
import { useScrolledPast } from '../../shared/scroll/use-scrolled-past';
import { StrokeIcon } from '../../shared/stroke-icon';
import { Tooltip } from '../../shared/ui/tooltip';

/** The button appears once the page has scrolled this far. */
const SHOW_AFTER_PX = 300;

function scrollToTop() {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // Focus goes up too: this button is gone once the page is at the top, and focus would fall
  // to the body, from which the next Tab starts where the button was, at the bottom.
  document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * A labelled button, fixed at the bottom left (toasts own the bottom right), that scrolls the
 * page back to the top. Rendered only while shown, so it is never a hidden tab stop.
 */
export function BackToTopButton() {
  const { t } = useTranslation();
  if (!useScrolledPast(SHOW_AFTER_PX)) return null;
  return (
    <Tooltip label={t('home.backToTop')} side="top" className="fixed bottom-4 left-4 z-40">
      <button
        type="button"
        onClick={scrollToTop}
        aria-label={t('home.backToTop')}
        className="flex size-11 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <StrokeIcon path="M12 19V5M5 12l7-7 7 7" />
      </button>
    </Tooltip>
  );
}
