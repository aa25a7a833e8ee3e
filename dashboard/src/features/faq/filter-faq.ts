import { FAQ_TOPIC_OF, type FaqCategory, type FaqTopic } from '../marketing/faq-items';

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

/** The FAQ page's list: one topic (or all), then a case-insensitive search over question and answer. */
export function filterFaq(
  entries: readonly FaqEntry[],
  topic: FaqTopic | 'all',
  search: string,
  locale: string,
): FaqEntry[] {
  const needle = search.trim().toLocaleLowerCase(locale);
  return entries.filter(
    (entry) =>
      (topic === 'all' || FAQ_TOPIC_OF[entry.category] === topic) &&
      (needle === '' ||
        entry.question.toLocaleLowerCase(locale).includes(needle) ||
        entry.answer.toLocaleLowerCase(locale).includes(needle)),
  );
}
