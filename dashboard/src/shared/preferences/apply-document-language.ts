import { textDirection } from './text-direction';

/**
 * Sets `<html lang>` and `dir` for the language shown. Only a change is written: Chromium
 * restyles the whole page for any write of either attribute, even of the value it holds
 * (4 ms unthrottled on a post, per write), and a prerendered page carries both already.
 */
export function applyDocumentLanguage(language: string): void {
  const root = document.documentElement;
  const direction = textDirection(language);
  if (root.lang !== language) root.lang = language;
  if (root.dir !== direction) root.dir = direction;
}
