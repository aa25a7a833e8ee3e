import type { EmailAddress } from '@tempmail/sdk';

/**
 * A header value made safe for one line of a terminal: mail is written by strangers, and
 * control characters in a subject (ESC sequences) could move the cursor, recolour or
 * retitle the terminal.
 */
export function cleanLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\p{Cc}|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');
}

/**
 * A body made safe for a terminal: line breaks and tabs stay; other control characters and
 * the bidirectional overrides that can make text read differently from what it is go.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\n\t])\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu, '');
}

export function formatAddress(address: EmailAddress): string {
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "42 s", "5 min", "3 h", "2 days": for waits and lifetimes. */
export function formatDuration(seconds: number): string {
  if (seconds > 0 && seconds < 10 && !Number.isInteger(seconds)) return `${seconds.toFixed(1)} s`;
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${s} s`;
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

/** "just now", "5 min ago", "in 60 min". */
export function formatRelative(date: string | Date, now = Date.now()): string {
  const seconds = (new Date(date).getTime() - now) / 1000;
  if (Math.abs(seconds) < 10) return 'just now';
  return seconds > 0 ? `in ${formatDuration(seconds)}` : `${formatDuration(-seconds)} ago`;
}

/** A local date and time for people, e.g. "2026-11-22 10:30". */
export function formatLocalTime(date: string | Date): string {
  const d = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
