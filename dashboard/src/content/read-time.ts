import type { BlogPostText } from './content-types';

/** Words a reader gets through per minute, for the "n min read" label. */
const WORDS_PER_MINUTE = 200;

/** All of a post's text, in reading order. */
export function postPlainText(text: BlogPostText): string {
  const { intro, sections, faq, conclusion } = text.content;
  return [
    intro,
    ...sections.flatMap((section) => [
      section.title,
      section.content,
      ...section.subsections.flatMap((sub) => [sub.title, sub.content]),
    ]),
    ...faq.flatMap((item) => [item.question, item.answer]),
    conclusion,
  ].join('\n\n');
}

/** Minutes to read, at least one. */
export function readTimeMinutes(text: BlogPostText): number {
  const words = postPlainText(text).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** An Article's word count (structured data) is its text length divided by five. */
export function articleWordCount(text: BlogPostText): number {
  return Math.round(postPlainText(text).length / 5);
}
