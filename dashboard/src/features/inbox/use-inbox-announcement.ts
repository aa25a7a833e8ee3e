import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { senderLabel } from './filter-messages';
import type { InboxMessage } from './normalize-message';

/**
 * How long the live region stays empty before it speaks: long enough that the same words
 * twice are heard twice (a region whose text does not change says nothing), and that
 * messages deleted one after another in a moment (a selection) are counted in one sentence.
 */
const ANNOUNCE_AFTER_MS = 250;

/**
 * What a screen reader is told when the inbox changes: "New message from Shop: Your code"
 * (or how many came at once), and "Message deleted" (or how many) when messages leave it
 * (deleted here, from another device, or by retention). An inbox's list as first read is
 * not news (nor another inbox's, `inbox` naming which). For a live region that is always on
 * the page.
 */
export function useInboxAnnouncement(
  inbox: string,
  list: readonly InboxMessage[] | undefined,
): string {
  const { t } = useTranslation();
  const known = useRef<{ inbox: string; ids: Set<string> } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What came and went since the region last spoke: said together, once it has been quiet.
  const pending = useRef<{ arrived: InboxMessage[]; removed: number }>({ arrived: [], removed: 0 });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!list) return;
    const ids = new Set(list.map(({ id }) => id));
    const before = known.current;
    known.current = { inbox, ids };
    if (before?.inbox !== inbox) {
      // Another inbox: what the last one had to say is no longer news.
      clearTimeout(timer.current);
      pending.current = { arrived: [], removed: 0 };
      return;
    }
    const arrived = list.filter(({ id }) => !before.ids.has(id));
    const removed = [...before.ids].filter((id) => !ids.has(id)).length;
    if (arrived.length === 0 && removed === 0) return;
    pending.current = {
      arrived: [...arrived, ...pending.current.arrived],
      removed: pending.current.removed + removed,
    };
    setAnnouncement('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { arrived: came, removed: went } = pending.current;
      pending.current = { arrived: [], removed: 0 };
      const [first] = came;
      const news = [
        first &&
          t('inbox.arrived', {
            count: came.length,
            sender: senderLabel(first),
            subject: first.subject || t('inbox.noSubject'),
          }),
        went > 0 && t('inbox.removed', { count: went }),
      ];
      setAnnouncement(news.filter(Boolean).join(' '));
    }, ANNOUNCE_AFTER_MS);
  }, [inbox, list, t]);
  return announcement;
}
