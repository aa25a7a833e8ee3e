import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FreeMailbox } from '../address/generate-address';
import { AttachmentList } from './attachment-list';
import { messageQueryOptions } from './inbox-queries';
import { linkPlainText } from './link-plain-text';
import { MailHtmlFrame } from './mail-html-frame';

/**
 * One message. Its HTML body, when it has one, goes to the sandboxed frame; otherwise the
 * text body is shown as text nodes with its links made clickable. Subject, sender and file
 * names are always text nodes.
 */
export function MessageView({
  mailbox,
  id,
  onBack,
  backRef,
}: {
  mailbox: FreeMailbox;
  id: string;
  onBack: () => void;
  backRef?: Ref<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation();
  const message = useQuery(messageQueryOptions(mailbox, id));

  return (
    <section
      aria-labelledby="message-heading"
      className="self-start rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm sm:p-6"
    >
      <button
        ref={backRef}
        type="button"
        onClick={onBack}
        className="mb-3 text-sm font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t('message.back')}
      </button>
      {message.data ? (
        <article>
          <h2 id="message-heading" className="text-xl font-semibold break-words">
            {message.data.subject || t('inbox.noSubject')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
            <dt>{t('message.from')}</dt>
            <dd className="break-all">
              {message.data.from.name
                ? `${message.data.from.name} <${message.data.from.address}>`
                : message.data.from.address}
            </dd>
            <dt>{t('message.received')}</dt>
            <dd>
              <time dateTime={message.data.createdAt}>
                {new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(message.data.createdAt))}
              </time>
            </dd>
          </dl>
          {message.data.html.length > 0 ? (
            <MailHtmlFrame
              key={message.data.id}
              html={message.data.html.join('')}
              subject={message.data.subject}
            />
          ) : (
            <pre
              data-testid="message-text"
              className="mt-4 font-sans text-base break-words whitespace-pre-wrap"
            >
              {message.data.text ? linkPlainText(message.data.text) : t('message.noText')}
            </pre>
          )}
          <AttachmentList
            mailbox={mailbox}
            messageId={message.data.id}
            attachments={message.data.attachments}
          />
        </article>
      ) : (
        <p id="message-heading" role={message.isError ? 'alert' : 'status'}>
          {message.isError ? t('message.loadFailed') : t('message.loading')}
        </p>
      )}
    </section>
  );
}
