import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { senderLabel } from './filter-messages';
import type { InboxMessage } from './normalize-message';

/**
 * What a screen reader is told when mail arrives: "New message from Shop: Your code", or
 * how many came at once. An inbox's list as first read is not news (nor another inbox's,
 * `inbox` naming which), and nor is a message that comes back into a list it was in. For a
 * live region that is always on the page.
 */
export function useArrivalAnnouncement(
  inbox: string,
  list: readonly InboxMessage[] | undefined,
): string {
  const { t } = useTranslation();
  const known = useRef<{ inbox: string; ids: Set<string> } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!list) return;
    if (known.current?.inbox !== inbox) {
      known.current = { inbox, ids: new Set(list.map(({ id }) => id)) };
      return;
    }
    const seen = known.current.ids;
    const arrived = list.filter(({ id }) => !seen.has(id));
    for (const { id } of arrived) seen.add(id);
    const [first] = arrived;
    if (!first) return;
    setAnnouncement(
      t('inbox.arrived', {
        count: arrived.length,
        sender: senderLabel(first),
        subject: first.subject || t('inbox.noSubject'),
      }),
    );
  }, [inbox, list, t]);
  return announcement;
}
