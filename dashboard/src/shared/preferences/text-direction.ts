/** Right-to-left scripts, ready for languages added later (issue 7). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

export function textDirection(language: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(language.split('-')[0]!) ? 'rtl' : 'ltr';
}
