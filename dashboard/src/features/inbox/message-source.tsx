import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { saveBlob } from '../../shared/save-blob';
import { COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import type { InboxSource } from './inbox-sources';
import { emlFileName } from './eml-file-name';
import { rawMessageQueryOptions } from './message-queries';

/**
 * "View source" (the message as received, headers and all, as text) and "Download .eml",
 * for a reader checking where mail came from or keeping it, wherever the inbox's API can
 * read it. The raw message is read once, on the first press, and shared with the inline
 * images that need it.
 */
export function MessageSource({
  source,
  id,
  subject,
}: {
  source: InboxSource;
  id: string;
  subject: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const raw = useQuery({ ...rawMessageQueryOptions(source, id), enabled: shown });
  const sourceId = `message-source-${id}`;

  async function download() {
    setDownloadFailed(false);
    try {
      const text = await queryClient.fetchQuery(rawMessageQueryOptions(source, id));
      saveBlob(new Blob([text], { type: 'message/rfc822' }), emlFileName(subject, id));
    } catch {
      setDownloadFailed(true);
    }
  }

  return (
    <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={shown ? sourceId : undefined}
          onClick={() => setShown(!shown)}
          className={COMPACT_SECONDARY}
        >
          {shown ? t('message.hideSource') : t('message.viewSource')}
        </button>
        <button type="button" onClick={() => void download()} className={COMPACT_SECONDARY}>
          {t('message.downloadEml')}
        </button>
      </div>
      {(downloadFailed || (shown && raw.isError)) && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {t('message.sourceFailed')}
        </p>
      )}
      {shown && !raw.isError && (
        <pre
          id={sourceId}
          data-testid="message-source"
          aria-label={t('message.viewSource')}
          // Focusable, so a keyboard can scroll it.
          tabIndex={0}
          className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap break-all dark:bg-slate-800"
        >
          {raw.data ?? t('loaders.loading')}
        </pre>
      )}
    </div>
  );
}
