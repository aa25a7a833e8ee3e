import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { CodeAndLink } from './code-and-link';
import { cutIntro } from './cut-intro';
import { senderLabel } from './filter-messages';
import { formatRelativeTime } from './format-relative-time';
import { senderInitials } from './sender-initials';
import type { InboxMessage } from './normalize-message';

/** A paperclip, upright: two nested loops. */
const PAPERCLIP = 'M16 6v11a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v11a1 1 0 0 1-2 0V7';

const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * One row of the inbox list: a checkbox to select it, then a button that opens it with the
 * avatar, sender, unread dot, "New" badge, relative time, subject and intro, and under it
 * (beside the button, never in it) the message's code to copy and link to open.
 */
export function MessageRow({
  message,
  current,
  checked,
  isNew,
  now,
  onOpen,
  onCheck,
}: {
  message: InboxMessage;
  current: boolean;
  checked: boolean;
  isNew: boolean;
  now: Date;
  onOpen: (message: InboxMessage) => void;
  onCheck: (id: string, checked: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const sender = senderLabel(message);
  const subject = message.subject || t('inbox.noSubject');
  return (
    <li
      data-testid="message-row"
      className={`flex items-start gap-3 px-4 py-3 ${current ? 'bg-indigo-50 dark:bg-indigo-950' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
    >
      {/* The box is drawn small, as mail apps draw it; the label around it is the 40 px
          target a finger needs, on a phone as anywhere. */}
      <label className="-mx-3 flex shrink-0 cursor-pointer p-3">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheck(message.id, event.target.checked)}
          aria-label={t('inbox.select', { sender, subject })}
          className={`size-4 accent-indigo-600 ${FOCUS_RING}`}
        />
      </label>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => onOpen(message)}
          data-message-id={message.id}
          aria-current={current ? 'true' : undefined}
          className={`flex w-full min-w-0 gap-3 rounded-md text-left ${FOCUS_RING}`}
        >
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 dark:bg-indigo-900 text-sm font-semibold text-indigo-800 dark:text-indigo-200"
          >
            {senderInitials(sender)}
          </span>
          <span className="block min-w-0 flex-1">
            <span className="flex items-center gap-2">
              {/* dir="auto" on each cut line: a right-to-left one is cut at its end, not
                  its beginning. */}
              <span
                dir="auto"
                title={sender}
                className={`truncate ${message.seen ? '' : 'font-semibold'}`}
              >
                {sender}
              </span>
              {!message.seen && (
                <span
                  data-testid="unread-dot"
                  className="size-2 shrink-0 rounded-full bg-indigo-600"
                >
                  <span className="sr-only">{t('inbox.unread')}</span>
                </span>
              )}
              {isNew && (
                <span
                  data-testid="new-badge"
                  className="shrink-0 rounded-full bg-indigo-600 px-2 text-xs font-semibold text-white"
                >
                  {t('inbox.new')}
                </span>
              )}
              {message.hasAttachments && (
                <span
                  data-testid="has-attachments"
                  className="ml-auto shrink-0 text-slate-500 dark:text-slate-400 [&_svg]:size-4"
                >
                  <StrokeIcon path={PAPERCLIP} />
                  <span className="sr-only">{t('inbox.hasAttachments')}</span>
                </span>
              )}
              {message.createdAt && (
                <time
                  dateTime={message.createdAt}
                  className={`shrink-0 text-xs text-slate-600 dark:text-slate-400 ${message.hasAttachments ? '' : 'ml-auto'}`}
                >
                  {formatRelativeTime(new Date(message.createdAt), now, {
                    locale: i18n.language,
                    nowLabel: t('inbox.now'),
                  })}
                </time>
              )}
            </span>
            {message.mailbox && (
              <span className="block truncate font-mono text-xs text-slate-600 dark:text-slate-400">
                {t('inbox.to', { address: message.mailbox })}
              </span>
            )}
            <span dir="auto" title={subject} className="block truncate text-sm">
              {subject}
            </span>
            <span dir="auto" className="block truncate text-sm text-slate-600 dark:text-slate-400">
              {cutIntro(message.intro)}
            </span>
          </span>
        </button>
        <CodeAndLink codes={message.codes} link={message.link} className="mt-2 pl-12" />
      </div>
    </li>
  );
}
