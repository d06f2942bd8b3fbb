const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file's size for people, in the locale's words: "512 byte", "8 MB", "1,5 GB" (units of 1,024). */
export function formatSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/**
 * A refused size and the limit it passed, each for people: as formatSize words them, unless that
 * makes them read the same ("1 GB" over a limit of "1 GB"), then in bytes, which always differ.
 */
export function formatSizeOverLimit(bytes: number, limit: number, locale: string): { size: string; limit: string } {
  const [size, most] = [formatSize(bytes, locale), formatSize(limit, locale)];
  if (size !== most) return { size, limit: most };
  const exact = (value: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(value);
  return { size: exact(bytes), limit: exact(limit) };
}

/** A video's length as the player shows it: "0:48", "1:02:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
