import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { senderLabel } from './filter-messages';
import type { InboxMessage } from './normalize-message';

/**
 * What a screen reader is told when the inbox changes: "New message from Shop: Your code"
 * (or how many came at once), and "Message deleted" when messages leave it (deleted here,
 * from another device, or by retention). An inbox's list as first read is not news (nor
 * another inbox's, `inbox` naming which). For a live region that is always on the page.
 */
export function useInboxAnnouncement(
  inbox: string,
  list: readonly InboxMessage[] | undefined,
): string {
  const { t } = useTranslation();
  const known = useRef<{ inbox: string; ids: Set<string> } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!list) return;
    const ids = new Set(list.map(({ id }) => id));
    const before = known.current;
    known.current = { inbox, ids };
    if (before?.inbox !== inbox) return;
    const arrived = list.filter(({ id }) => !before.ids.has(id));
    const [first] = arrived;
    if (first) {
      setAnnouncement(
        t('inbox.arrived', {
          count: arrived.length,
          sender: senderLabel(first),
          subject: first.subject || t('inbox.noSubject'),
        }),
      );
      return;
    }
    const removed = [...before.ids].filter((id) => !ids.has(id)).length;
    if (removed > 0) setAnnouncement(t('inbox.removed', { count: removed }));
  }, [inbox, list, t]);
  return announcement;
}
