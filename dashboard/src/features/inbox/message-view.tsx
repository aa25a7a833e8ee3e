import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useShortcutKeys } from '../../shared/keyboard/use-shortcut-keys';
import { COMPACT_DANGER, COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import { AttachmentList } from './attachment-list';
import { CodeAndLink } from './code-and-link';
import { formatRelativeTime } from './format-relative-time';
import type { InboxSource } from './inbox-sources';
import { linkPlainText } from './link-plain-text';
import { MailHtmlFrame } from './mail-html-frame';
import {
  failedCount,
  focusAfterRemoving,
  messageActions,
  useDeleteMessages,
  useSetSeen,
} from './message-actions';
import { MessageSource } from './message-source';
import { messageQueryOptions, messagesQueryOptions } from './message-queries';
import type { MailParty } from './normalize-message';
import { useInlineImages } from './use-inline-images';
import { wrapAddress } from '../../shared/ui/wrap-address';
import { busyButton } from '../../shared/ui/busy-button';

function Party({ party }: { party: MailParty }) {
  if (!party.name) return wrapAddress(party.address);
  return (
    <>
      {party.name} &lt;{wrapAddress(party.address)}&gt;
    </>
  );
}

/**
 * One message, as the preview pane shows it, with what its owner may do to it (mark it
 * unread or read, delete it), wherever the inbox's API offers that. Its HTML body, when it
 * has one, goes to the sandboxed frame; otherwise the text body is shown as text nodes with
 * its links made clickable. Subject, sender and file names are always text nodes. Keys:
 * Escape goes back to the list, Delete deletes the message. "Back to inbox" shows only where
 * the list is hidden behind the message (below `lg`).
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
  // The list as the inbox holds it, never read from here: it tells a message deleted since.
  const list = useQuery({ ...messagesQueryOptions(source), enabled: false });
  const inlineImages = useInlineImages(source, message.data);
  const deleteMessages = useDeleteMessages(source);
  const setSeen = useSetSeen(source);
  const gone = list.data !== undefined && !list.data.some((listed) => listed.id === id);
  const data = gone ? undefined : message.data;

  // What shows in place of the message, and whether it is a failure (an alert).
  let status = '';
  let failed = false;
  if (gone) status = t('message.gone');
  else if (message.isPending) status = t('message.loading');
  else if (!data) {
    failed = true;
    status = message.isError ? t('message.loadFailed') : t('message.invalid');
  }

  async function remove() {
    const focusNext = focusAfterRemoving([id]);
    try {
      await deleteMessages?.mutateAsync([id]);
    } catch {
      return;
    }
    // The list is shown again (on a phone it was hidden) before a row in it takes focus.
    flushSync(onBack);
    focusNext();
  }

  const canDelete = data && deleteMessages && !deleteMessages.isPending;
  useShortcutKeys({
    Escape: onBack,
    Delete: canDelete ? () => void remove() : undefined,
    Backspace: canDelete ? () => void remove() : undefined,
  });

  const failure =
    (deleteMessages?.isError && t('message.deleteFailed', { count: 1 })) ||
    (setSeen?.isError && t('message.markFailed', { count: failedCount(setSeen.error) }));

  return (
    <section
      aria-labelledby="message-heading"
      className="min-w-0 self-start rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm sm:p-6 lg:h-full lg:self-stretch lg:overflow-y-auto"
    >
      <div className="mb-3 flex flex-wrap items-center justify-end gap-2">
        <button
          ref={backRef}
          type="button"
          onClick={onBack}
          aria-keyshortcuts="Escape"
          className="mr-auto -my-2 py-2 text-sm font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-focus lg:hidden"
        >
          {t('message.back')}
        </button>
        {data && setSeen && (
          <button
            type="button"
            onClick={() => setSeen.mutate({ ids: [id], seen: !data.seen })}
            className={COMPACT_SECONDARY}
          >
            {data.seen ? t('message.markUnread') : t('message.markRead')}
          </button>
        )}
        {data && deleteMessages && (
          <button
            type="button"
            {...busyButton(deleteMessages.isPending, () => void remove())}
            aria-keyshortcuts="Delete"
            className={COMPACT_DANGER}
          >
            {t('message.delete')}
          </button>
        )}
      </div>
      {failure && (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      {data ? (
        <article>
          <h2 id="message-heading" dir="auto" className="text-xl font-semibold break-words">
            {data.subject || t('inbox.noSubject')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
            <dt>{t('message.from')}</dt>
            <dd data-testid="message-from" className="wrap-anywhere">
              <Party party={data.from} />
            </dd>
            {data.mailbox && (
              <>
                <dt>{t('message.to')}</dt>
                <dd className="wrap-anywhere">{wrapAddress(data.mailbox)}</dd>
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
          <CodeAndLink codes={data.codes} link={data.link} className="mt-3" />
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
              // Arabic or Hebrew mail reads right to left: its first strong letter decides.
              dir="auto"
              className="mt-4 font-sans text-base break-words whitespace-pre-wrap"
            >
              {/* White space alone shows nothing: it is said to be empty. */}
              {data.text.trim() ? linkPlainText(data.text) : t('message.noText')}
            </pre>
          )}
          <AttachmentList source={source} messageId={data.id} attachments={data.attachments} />
          {messageActions(source).readRaw && (
            <MessageSource source={source} id={data.id} subject={data.subject} />
          )}
        </article>
      ) : (
        <p id="message-heading" role={failed ? 'alert' : 'status'}>
          {status}
        </p>
      )}
    </section>
  );
}
