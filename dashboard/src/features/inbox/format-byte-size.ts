const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** An attachment's size for people: "512 bytes", "1.5 kB", "12 MB" (1 kB = 1024 bytes). */
export function formatByteSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
