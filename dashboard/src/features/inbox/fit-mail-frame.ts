/** A mail this much wider than the pane is laid out at its width and scaled to fit. */
const WIDER_BY_PX = 1;

/**
 * Sizes the frame to the mail: as tall as it is, so the page scrolls and not a box inside
 * it; and a mail wider than the pane (a 600 px newsletter on a phone) laid out at its own
 * width, then either scaled down to the pane's width or shown at its size in a box that
 * scrolls sideways. Returns whether the mail is wider than the pane.
 */
export function fitMailFrame(
  frame: HTMLIFrameElement,
  box: HTMLElement,
  actualSize: boolean,
): boolean {
  const mail = frame.contentDocument;
  // Before its first load the frame holds an empty page, nothing to measure; while a new mail
  // loads into it, its document can be there without an element yet.
  if (mail?.URL !== 'about:srcdoc') return false;
  const root = mail.documentElement as HTMLElement | null;
  if (!root) return false;
  const pane = box.clientWidth;
  // A pane not laid out yet (a phone's reader sliding in) has no width to fit to: sizing the
  // frame to nothing would hide the mail. The resize observer fits it once the pane has one.
  if (pane === 0) return false;
  // Laid out at the pane's width, with no height to fill, the mail shows its own size.
  frame.style.transform = '';
  frame.style.width = `${pane}px`;
  frame.style.height = '0';
  root.style.overflow = 'hidden';
  const natural = root.scrollWidth;
  const wide = natural > pane + WIDER_BY_PX;
  if (wide) frame.style.width = `${natural}px`;
  // A document not laid out yet measures 0: keep the frame's default height until it is.
  const height = root.scrollHeight;
  if (height === 0) {
    frame.style.height = '';
    box.style.height = '';
    return wide;
  }
  frame.style.height = `${height}px`;
  const scale = wide && !actualSize ? pane / natural : 1;
  if (scale < 1) frame.style.transform = `scale(${scale})`;
  // The box's own borders and its sideways scroll bar add to the height it needs.
  const chrome = box.offsetHeight - box.clientHeight;
  box.style.height = `${Math.ceil(height * scale) + chrome}px`;
  return wide;
}
