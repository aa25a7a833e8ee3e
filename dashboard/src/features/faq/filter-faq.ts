import type { FaqCategory } from '../marketing/faq-items';

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

/** The FAQ page's list: one category (or all), then a case-insensitive search over question and answer. */
export function filterFaq(
  entries: readonly FaqEntry[],
  category: FaqCategory | 'all',
  search: string,
  locale: string,
): FaqEntry[] {
  const needle = search.trim().toLocaleLowerCase(locale);
  return entries.filter(
    (entry) =>
      (category === 'all' || entry.category === category) &&
      (needle === '' ||
        entry.question.toLocaleLowerCase(locale).includes(needle) ||
        entry.answer.toLocaleLowerCase(locale).includes(needle)),
  );
}
