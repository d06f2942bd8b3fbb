import { useMemo } from 'react';

/** How the CMS screens write a moment (a draft's, a build's, a version's): short date and time, in Italy's time. */
export function useDateFormat(locale: string): (iso: string) => string {
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}
