import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from './download-attachment';
import { formatByteSize } from './format-byte-size';
import type { InboxSource } from './inbox-sources';
import type { OpenedAttachment } from './normalize-message';

function AttachmentRow({
  source,
  messageId,
  attachment,
}: {
  source: InboxSource;
  messageId: string;
  attachment: OpenedAttachment;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const name = attachment.filename || attachment.id;

  async function save() {
    setState('busy');
    try {
      await downloadAttachment(source, messageId, attachment);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 flex-1 break-all">{name}</span>
      <span className="text-sm text-slate-500 dark:text-slate-400">
        {formatByteSize(attachment.size, i18n.language)}
      </span>
      <button
        type="button"
        onClick={() => void save()}
        disabled={state === 'busy'}
        aria-label={t('message.downloadNamed', { name })}
        className="rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        {t('message.download')}
      </button>
      {state === 'failed' && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {t('message.downloadFailed')}
        </p>
      )}
    </li>
  );
}

/** The message's attachments, each with its size and a download button. */
export function AttachmentList({
  source,
  messageId,
  attachments,
}: {
  source: InboxSource;
  messageId: string;
  attachments: OpenedAttachment[];
}) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <section
      aria-labelledby="attachments-heading"
      className="mt-4 border-t border-slate-200 dark:border-slate-700 pt-3"
    >
      <h3 id="attachments-heading" className="text-sm font-semibold">
        {t('message.attachments', { count: attachments.length })}
      </h3>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {attachments.map((attachment) => (
          <AttachmentRow
            key={attachment.id}
            source={source}
            messageId={messageId}
            attachment={attachment}
          />
        ))}
      </ul>
    </section>
  );
}
