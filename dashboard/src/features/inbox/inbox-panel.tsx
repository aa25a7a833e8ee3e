import type { MailTmMessageJsonLd } from '@tempmail/sdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FreeMailbox } from '../address/generate-address';
import { formatRelativeTime } from './format-relative-time';
import { useLiveMessages } from './use-live-messages';

/** The spec cuts each row's intro to this many characters. */
const INTRO_MAX_CHARS = 50;
/** Relative times are redrawn this often, so "Now" turns into a time without a reload. */
const RELATIVE_TIME_REFRESH_MS = 60_000;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function MessageRow({
  message,
  selected,
  now,
  onSelect,
}: {
  message: MailTmMessageJsonLd;
  selected: boolean;
  now: Date;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const sender = message.from.name || message.from.address;
  const received = new Date(message.createdAt);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(message.id)}
        aria-current={selected ? 'true' : undefined}
        className={`block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${selected ? 'bg-indigo-50' : ''}`}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate ${message.seen ? '' : 'font-semibold'}`}>{sender}</span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-500">
            {formatRelativeTime(received, now, {
              locale: i18n.language,
              nowLabel: t('inbox.now'),
            })}
          </time>
        </span>
        <span className="block truncate text-sm">{message.subject || t('inbox.noSubject')}</span>
        <span className="block truncate text-sm text-slate-500">
          {truncate(message.intro, INTRO_MAX_CHARS)}
        </span>
      </button>
    </li>
  );
}

/** The inbox list (spec section 2, "Inbox list panel"): the core of it, newest first. */
export function InboxPanel({
  mailbox,
  selectedId,
  onSelect,
}: {
  mailbox: FreeMailbox;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { messages, live } = useLiveMessages(mailbox);
  const now = useMinuteClock();
  const list = messages.data ?? [];

  return (
    <section
      aria-labelledby="inbox-heading"
      className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="inbox-heading" className="text-lg font-semibold">
          {t('inbox.title')}
        </h2>
        <span
          className="rounded-full bg-slate-100 px-2 text-sm"
          aria-label={t('inbox.count', { count: list.length })}
        >
          {list.length}
        </span>
        <span className="ml-auto flex items-center gap-1 text-xs text-slate-600">
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${live ? 'bg-green-500' : 'bg-amber-500'}`}
          />
          {live ? t('inbox.live') : t('inbox.polling')}
        </span>
      </div>
      {list.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="font-medium">{t('inbox.empty')}</p>
          <p className="text-sm text-slate-500">{t('inbox.waiting')}</p>
        </div>
      ) : (
        <ul
          aria-labelledby="inbox-heading"
          className="max-h-[550px] divide-y divide-slate-100 overflow-y-auto"
        >
          {list.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              selected={message.id === selectedId}
              now={now}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
