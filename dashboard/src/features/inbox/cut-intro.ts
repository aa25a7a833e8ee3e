/** Each row's intro is cut to this many characters, the length of the server's intro. */
export const INTRO_MAX_CHARS = 50;

/**
 * The intro as a row shows it: at most 50 characters, then an ellipsis. Counted in code
 * points, so an emoji is never split into a lone surrogate.
 */
export function cutIntro(intro: string, max = INTRO_MAX_CHARS): string {
  const chars = Array.from(intro.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}
