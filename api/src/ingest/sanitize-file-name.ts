/**
 * Characters that hide or reorder what a name shows: controls, zero-width marks and the
 * bidirectional overrides and isolates (`invoice` U+202E `fdp.exe` reads as `invoiceexe.pdf`).
 */
const HIDDEN_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- the controls are exactly what this removes
  /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * An attachment's name as a client may save it: its last path segment (a sender's
 * `../../x` or `/etc/cron.d/x` names no folder of the reader's), with nothing hidden or
 * reordering in it; empty when nothing of a name is left (`..`), for the caller's default.
 */
export function sanitizeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const shown = last.replace(HIDDEN_OR_CONTROL, '').trim();
  return /^\.*$/.test(shown) ? '' : shown;
}
