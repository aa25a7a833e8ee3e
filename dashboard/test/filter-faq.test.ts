import { describe, expect, it } from 'vitest';
import { filterFaq, type FaqEntry } from '../src/features/faq/filter-faq.js';

const entries: FaqEntry[] = [
  { id: 'a', category: 'basics', question: 'What is it?', answer: 'A throwaway inbox.' },
  { id: 'b', category: 'pricing', question: 'What does Pro cost?', answer: 'See the plans.' },
  { id: 'c', category: 'safety', question: 'Are attachments safe?', answer: 'Scan them first.' },
];
const ids = (list: FaqEntry[]) => list.map((entry) => entry.id);

describe('filterFaq (FAQ page)', () => {
  it('searches question and answer, ignoring case and surrounding spaces', () => {
    expect(ids(filterFaq(entries, 'all', '  PRO ', 'en'))).toEqual(['b']);
    expect(ids(filterFaq(entries, 'all', 'throwaway', 'en'))).toEqual(['a']);
    expect(ids(filterFaq(entries, 'all', '', 'en'))).toEqual(['a', 'b', 'c']);
  });

  it('narrows to a topic, which gathers several categories, and both together can leave nothing', () => {
    expect(ids(filterFaq(entries, 'privacy', '', 'en'))).toEqual(['c']);
    expect(ids(filterFaq(entries, 'pro', '', 'en'))).toEqual(['b']);
    expect(ids(filterFaq(entries, 'general', '', 'en'))).toEqual(['a']);
    expect(ids(filterFaq(entries, 'privacy', 'cost', 'en'))).toEqual([]);
  });
});
