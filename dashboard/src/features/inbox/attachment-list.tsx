import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { attachmentKind, type AttachmentKind } from './attachment-kind';
import { downloadAttachment } from './download-attachment';
import { formatByteSize } from './format-byte-size';
import type { InboxSource } from './inbox-sources';
import type { OpenedAttachment } from './normalize-message';

const ICONS: Record<AttachmentKind, string> = {
  image:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM21 15l-5-5L5 21M8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  document: 'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h8',
  archive: 'M21 8v13H3V8M1 3h22v5H1zM10 12h4',
  calendar:
    'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18',
  file: 'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6',
};

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
  const kind = attachmentKind(attachment.contentType, attachment.filename);

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
      <span data-kind={kind} className="text-slate-500 dark:text-slate-400">
        <StrokeIcon path={ICONS[kind]} />
      </span>
      {/* At least 12rem for the name: narrower, the size and button go to the next line
          rather than squeeze a long name into a column of a few letters. */}
      <span className="min-w-0 flex-1 basis-48 wrap-anywhere">{name}</span>
      <span className="text-sm text-slate-500 dark:text-slate-400">
        {formatByteSize(attachment.size, i18n.language)}
      </span>
      <button
        type="button"
        onClick={() => void save()}
        disabled={state === 'busy'}
        aria-label={t('message.downloadNamed', { name })}
        className="rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-60"
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

/** The message's attachments, each with an icon for its type, its size and a download button. */
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
