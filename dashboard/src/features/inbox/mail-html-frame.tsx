import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMailDocument, sanitizeMailHtml } from './sanitize-mail-html';

/**
 * Links may open a new tab that is free of the sandbox; nothing else. No `allow-scripts`,
 * and no `allow-same-origin` either: the frame is an opaque origin that can reach neither
 * this page nor the token in its storage (../shared/reference/engineering-notes.md).
 */
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/**
 * A received HTML body in a sandboxed `srcdoc` frame, sanitized, under a policy that blocks
 * scripts and remote loads. Remote images wait for 'Show images'; mount one per message
 * (keyed by its id) so that choice never carries over to the next message.
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
  const { document, hasRemoteImages } = useMemo(() => {
    const sanitized = sanitizeMailHtml(html, { showRemoteImages, inlineImages });
    return {
      document: buildMailDocument(sanitized.html, { showRemoteImages }),
      hasRemoteImages: sanitized.hasRemoteImages,
    };
  }, [html, showRemoteImages, inlineImages]);

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
            onClick={() => setShowRemoteImages(true)}
            className="rounded-lg border border-amber-300 dark:border-amber-700 bg-white dark:bg-slate-900 px-3 py-1 font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('message.showImages')}
          </button>
        </div>
      )}
      <iframe
        data-testid="message-html"
        title={t('message.htmlTitle', { subject })}
        sandbox={SANDBOX}
        srcDoc={document}
        referrerPolicy="no-referrer"
        className="h-[60vh] min-h-80 w-full rounded-lg border border-slate-200 dark:border-slate-700 bg-white"
      />
    </div>
  );
}
