import { busiestDay, type Stats, type StatItem } from '../../core/stats.ts';
import type { Translate } from '../../core/translate.ts';

export interface ChartView {
  id: 'by-day' | 'by-device' | 'by-hour' | 'by-subject';
  kind: 'bar' | 'pie';
  title: string;
  /** One sentence for everyone, chart or not; null when there is nothing to show. */
  summary: string | null;
  items: StatItem[];
  /** The items' names as the reader sees them (dates, device and hour names). */
  labels: string[];
}

export interface StatsView {
  busiest: { label: string; minutes: number } | null;
  periodMinutes: number;
  charts: ChartView[];
}

/** The item with the most minutes, if any has some. */
function top(items: StatItem[], labels: string[]): { label: string; minutes: number } | null {
  let index = -1;
  items.forEach((item, i) => {
    if (item.data > 0 && (index < 0 || item.data > (items[index]?.data ?? 0))) index = i;
  });
  return index < 0 ? null : { label: labels[index] ?? '', minutes: items[index]?.data ?? 0 };
}

/** What the statistics section shows, worded in the page's locale: figures, summaries and labels. */
export function statsView(stats: Stats, locale: string, t: Translate): StatsView {
  const periodMinutes = stats.timeSpentByDay.reduce((sum, day) => sum + day.data, 0);
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLabels = stats.timeSpentByDay.map((day) => dayFormat.format(new Date(`${day.label}T12:00:00Z`)));
  const deviceLabels = stats.devices.map((item) => t(`device.${item.label}`));
  const hourLabels = stats.timeSpentByHour.map((item) => `${item.label}:00`);
  const subjectLabels = stats.courseSubject.map((item) => item.label);
  const summary = (key: string, found: { label: string; minutes: number } | null) => (found ? t(key, found) : null);
  const busiest = busiestDay(stats);
  return {
    busiest: busiest ? { label: t(`weekday.${busiest.label}`), minutes: busiest.data } : null,
    periodMinutes,
    charts: [
      {
        id: 'by-day',
        kind: 'bar',
        title: t('stats.byDay'),
        summary: periodMinutes > 0 ? t('stats.byDaySummary', { minutes: Math.round(periodMinutes) }) : null,
        items: stats.timeSpentByDay,
        labels: dayLabels,
      },
      {
        id: 'by-device',
        kind: 'pie',
        title: t('stats.byDevice'),
        summary: summary('stats.topDevice', top(stats.devices, deviceLabels)),
        items: stats.devices,
        labels: deviceLabels,
      },
      {
        id: 'by-hour',
        kind: 'bar',
        title: t('stats.byHour'),
        summary: summary('stats.topHour', top(stats.timeSpentByHour, hourLabels)),
        items: stats.timeSpentByHour,
        labels: hourLabels,
      },
      {
        id: 'by-subject',
        kind: 'pie',
        title: t('stats.bySubject'),
        summary: summary('stats.topSubject', top(stats.courseSubject, subjectLabels)),
        items: stats.courseSubject,
        labels: subjectLabels,
      },
    ],
  };
}
