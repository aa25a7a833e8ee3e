import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fitMailFrame } from './fit-mail-frame';
import { buildMailDocument, sanitizeMailHtml } from './sanitize-mail-html';

/**
 * Links may open a new tab that is free of the sandbox; nothing may run. No `allow-scripts`,
 * ever: with `allow-same-origin` beside it the frame could lift its own sandbox
 * (../shared/reference/engineering-notes.md). `allow-same-origin` alone lets this page
 * measure the mail, to fit it to the pane as phone mail apps do; without scripts in the
 * frame (the sandbox and the policy both forbid them) that reach is this page's only.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * Keys pressed in the mail go on to the page: after a click in the mail, focus is in the
 * frame's document, and the reader's shortcuts (j, k, Escape, Delete) listen on the page's
 * window. The frame runs no script of its own; this listener is the page's, on a document
 * of the same origin. A key the page handles is taken from the frame (no scrolling on j).
 */
function forwardKeys(frame: HTMLIFrameElement): void {
  frame.contentWindow?.addEventListener('keydown', (event) => {
    const copy = new KeyboardEvent('keydown', {
      key: event.key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      shiftKey: event.shiftKey,
      cancelable: true,
    });
    if (!window.dispatchEvent(copy)) event.preventDefault();
  });
}

/**
 * A received HTML body in a sandboxed `srcdoc` frame, sanitized, under a policy that blocks
 * scripts and remote loads. Remote images wait for 'Show images'; mount one per message
 * (keyed by its id) so that choice never carries over to the next message. A mail wider than
 * the pane fits it, with "Actual size" for the detail.
 */
export function MailHtmlFrame({
  html,
  subject,
  inlineImages,
}: {
  html: string;
  subject: string;
  inlineImages?: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const [showRemoteImages, setShowRemoteImages] = useState(false);
  const [actualSize, setActualSize] = useState(false);
  const [wide, setWide] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const { document, hasRemoteImages } = useMemo(() => {
    const sanitized = sanitizeMailHtml(html, { showRemoteImages, inlineImages });
    return {
      document: buildMailDocument(sanitized, { showRemoteImages }),
      hasRemoteImages: sanitized.hasRemoteImages,
    };
  }, [html, showRemoteImages, inlineImages]);

  const fit = useCallback(() => {
    if (frame.current && box.current) setWide(fitMailFrame(frame.current, box.current, actualSize));
  }, [actualSize]);

  useEffect(() => {
    fit();
    const element = box.current;
    if (!element) return;
    // A phone turned, a window resized, the side pane narrowed: fit again.
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fit();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fit]);

  return (
    <div className="mt-4">
      {hasRemoteImages && !showRemoteImages && (
        <div
          role="note"
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 dark:bg-amber-950 px-3 py-2 text-sm text-amber-900 dark:text-amber-100"
        >
          <span className="flex-1">{t('message.imagesBlocked')}</span>
          <button
            type="button"
            onClick={() => {
              setShowRemoteImages(true);
              // The button goes with the notice: focus moves on to the message it was about,
              // not to the page's start.
              requestAnimationFrame(() => frame.current?.focus());
            }}
            className="rounded-lg border border-amber-300 dark:border-amber-700 bg-white dark:bg-slate-900 px-3 py-1 font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-focus"
          >
            {t('message.showImages')}
          </button>
        </div>
      )}
      {wide && (
        <div className="mb-2 flex justify-end">
          <button
            type="button"
            onClick={() => setActualSize(!actualSize)}
            className="rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-focus"
          >
            {actualSize ? t('message.fitToWidth') : t('message.actualSize')}
          </button>
        </div>
      )}
      {/* Fitted, the frame is still laid out at the mail's width: clipped, not scrollable, so
          nothing (a focused link inside) can shift it sideways. */}
      <div
        ref={box}
        data-testid="message-html-box"
        // At its actual size a wide mail scrolls sideways here, by keyboard too. Ringed while
        // it or the mail in it has focus (Tab stops in a mail with no link).
        tabIndex={wide && actualSize ? 0 : undefined}
        role={wide && actualSize ? 'region' : undefined}
        aria-label={wide && actualSize ? t('message.htmlTitle', { subject }) : undefined}
        className={`rounded-lg border border-slate-200 dark:border-slate-700 bg-white ${wide && actualSize ? 'overflow-x-auto' : 'overflow-clip'} focus-within:outline-2 focus-within:outline-focus`}
      >
        <iframe
          ref={frame}
          data-testid="message-html"
          title={t('message.htmlTitle', { subject })}
          sandbox={SANDBOX}
          srcDoc={document}
          referrerPolicy="no-referrer"
          onLoad={() => {
            fit();
            if (frame.current) forwardKeys(frame.current);
          }}
          className="block h-[60vh] w-full origin-top-left"
        />
      </div>
    </div>
  );
}
