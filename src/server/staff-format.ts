import { formatTimeSpent } from '../../core/duration.ts';
import { TIME_ZONE } from '../../core/rome-time.ts';
import type { PageContext } from './page-context.ts';

/** Dates and learning time as the staff pages show them, in the page's language and the platform's time zone. */
export interface StaffFormat {
  /** A date and time, or "never" for a missing one. */
  when(ms: number | null): string;
  day(ms: number): string;
  timeSpent(ms: number): string;
}

export function staffFormat(page: PageContext): StaffFormat {
  const dateTime = new Intl.DateTimeFormat(page.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  const date = new Intl.DateTimeFormat(page.locale, { dateStyle: 'medium', timeZone: TIME_ZONE });
  const labels = { hours: page.t('time.hours'), minutes: page.t('time.minutes') };
  return {
    when: (ms) => (ms === null ? page.t('staff.never') : dateTime.format(new Date(ms))),
    day: (ms) => date.format(new Date(ms)),
    timeSpent: (ms) => formatTimeSpent(ms, labels),
  };
}
