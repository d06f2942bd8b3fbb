/** Learning time is reported in the platform's home time zone, whatever the server's. */
export const TIME_ZONE = 'Europe/Rome';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Rome calendar day (YYYY-MM-DD) and hour (0..23) of an instant. */
export function romeDayHour(epochMs: number): { day: string; hour: number } {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The instant a Europe/Rome day (YYYY-MM-DD) begins: its midnight, an hour or two before UTC's. */
export function romeDayStart(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [1, 2]) {
    const candidate = utcMidnight - hours * 3_600_000;
    const rome = romeDayHour(candidate);
    if (rome.day === day && rome.hour === 0) return candidate;
  }
  throw new Error(`no Europe/Rome midnight found for ${day}`);
}

const secondFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a Europe/Rome time to the second, `YYYY-MM-DD HH:MM:SS`: records an inspector reads. */
export function romeDateTime(epochMs: number): string {
  const parts = Object.fromEntries(secondFormatter.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Writes YYYY-MM-DD calendar days as `locale` does ("1 mar 2026" with dateStyle medium): a day, not
 * an instant, so the same day in every time zone.
 */
export function calendarDayFormat(locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): (day: string) => string {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T12:00:00Z`));
}

/** Day of the week of a YYYY-MM-DD day, 0 = Monday ... 6 = Sunday. */
export function weekdayOf(day: string): number {
  const date = new Date(`${day}T12:00:00Z`);
  return (date.getUTCDay() + 6) % 7;
}

/** The YYYY-MM-DD days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T12:00:00Z`); t <= Date.parse(`${last}T12:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
