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
  const removedSoFar = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!list) return;
    const ids = new Set(list.map(({ id }) => id));
    const before = known.current;
    known.current = { inbox, ids };
    if (before?.inbox !== inbox) return;
    const arrived = list.filter(({ id }) => !before.ids.has(id));
    const removed = [...before.ids].filter((id) => !ids.has(id)).length;
    if (arrived.length === 0 && removed === 0) return;
    const [first] = arrived;
    removedSoFar.current = first ? 0 : removedSoFar.current + removed;
    const text = first
      ? t('inbox.arrived', {
          count: arrived.length,
          sender: senderLabel(first),
          subject: first.subject || t('inbox.noSubject'),
        })
      : t('inbox.removed', { count: removedSoFar.current });
    setAnnouncement('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      removedSoFar.current = 0;
      setAnnouncement(text);
    }, ANNOUNCE_AFTER_MS);
  }, [inbox, list, t]);
  return announcement;
}
