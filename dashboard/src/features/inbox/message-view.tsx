import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from './attachment-list';
import { formatRelativeTime } from './format-relative-time';
import type { InboxSource } from './inbox-sources';
import { linkPlainText } from './link-plain-text';
import { MailHtmlFrame } from './mail-html-frame';
import { messageQueryOptions } from './message-queries';
import { ProFeatureButton } from './pro-feature-button';
import { useInlineImages } from './use-inline-images';

/**
 * One message, as the preview pane shows it. Its HTML body, when it has one, goes to
 * the sandboxed frame; otherwise the text body is shown as text nodes with its links made
 * clickable. Subject, sender and file names are always text nodes.
 */
export function MessageView({
  source,
  id,
  onBack,
  backRef,
}: {
  source: InboxSource;
  id: string;
  onBack: () => void;
  backRef?: Ref<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation();
  const message = useQuery(messageQueryOptions(source, id));
  const inlineImages = useInlineImages(source, message.data);
  const data = message.data;

  let status: string | undefined;
  if (message.isError) status = t('message.loadFailed');
  else if (message.isPending) status = t('message.loading');
  else if (!data) status = t('message.invalid');

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
      {data ? (
        <article>
          <h2 id="message-heading" className="text-xl font-semibold break-words">
            {data.subject || t('inbox.noSubject')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
            <dt>{t('message.from')}</dt>
            <dd className="break-all">
              {data.from.name ? `${data.from.name} <${data.from.address}>` : data.from.address}
            </dd>
            {data.mailbox && (
              <>
                <dt>{t('message.to')}</dt>
                <dd className="break-all">{data.mailbox}</dd>
              </>
            )}
            <dt>{t('message.received')}</dt>
            <dd>
              {data.createdAt ? (
                <time
                  dateTime={data.createdAt}
                  title={new Intl.DateTimeFormat(i18n.language, {
                    dateStyle: 'full',
                    timeStyle: 'medium',
                  }).format(new Date(data.createdAt))}
                >
                  {formatRelativeTime(new Date(data.createdAt), new Date(), {
                    locale: i18n.language,
                    nowLabel: t('inbox.now'),
                  })}
                </time>
              ) : (
                t('message.unknownDate')
              )}
            </dd>
          </dl>
          <div className="mt-3 flex gap-2">
            <ProFeatureButton label={t('message.reply')} />
            <ProFeatureButton label={t('message.delete')} />
          </div>
          {data.html ? (
            inlineImages && (
              <MailHtmlFrame
                key={data.id}
                html={data.html}
                subject={data.subject}
                inlineImages={inlineImages}
              />
            )
          ) : (
            <pre
              data-testid="message-text"
              className="mt-4 font-sans text-base break-words whitespace-pre-wrap"
            >
              {data.text ? linkPlainText(data.text) : t('message.noText')}
            </pre>
          )}
          <AttachmentList source={source} messageId={data.id} attachments={data.attachments} />
        </article>
      ) : (
        <p id="message-heading" role={message.isError || !data ? 'alert' : 'status'}>
          {status}
        </p>
      )}
    </section>
  );
}
