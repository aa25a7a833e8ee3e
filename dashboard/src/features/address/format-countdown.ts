/**
 * The time left as the countdown shows it: days, hours and minutes, with seconds only under
 * one day (`2d 3h 4m`, `59m 59s`, `7s`). Null once nothing is left, for "Expired".
 */
export function formatCountdown(remainingMs: number): string | null {
  const totalSeconds = Math.ceil(remainingMs / 1000);
  if (totalSeconds <= 0) return null;
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (days > 0 || hours > 0) parts.push(`${hours}h`);
  if (days > 0 || hours > 0 || minutes > 0) parts.push(`${minutes}m`);
  if (days === 0) parts.push(`${seconds}s`);
  return parts.join(' ');
}
