import { busiestDay, type Stats, type StatItem } from '../../core/stats.ts';
import type { Translate } from '../../core/translate.ts';
import { calendarDayFormat } from '../../core/rome-time.ts';

export interface ChartView {
  id: 'by-day' | 'by-device' | 'by-hour' | 'by-subject';
  kind: 'bar' | 'pie';
  title: string;
  /** One sentence for everyone, chart or not; null when there is nothing to show. */
  summary: string | null;
  items: StatItem[];
  /** The items' names as the reader sees them (dates, device and hour names). */
  labels: string[];
  /** The items' minutes as the reader writes numbers (24,3 in Italian). */
  values: string[];
  /** The minutes' abbreviation in the page's language. */
  unit: string;
  /** The page's locale, for the numbers the chart draws. */
  locale: string;
}

export interface StatsView {
  busiest: { label: string; minutes: string } | null;
  /** The days the period covers (today included): every chart and figure but the all-time total says so. */
  periodDays: number;
  periodMinutes: number;
  charts: ChartView[];
}

/** The index of the item with the most minutes, or -1 when none has any. */
function top(items: StatItem[]): number {
  let index = -1;
  items.forEach((item, i) => {
    if (item.data > 0 && (index < 0 || item.data > (items[index]?.data ?? 0))) index = i;
  });
  return index;
}

/** What the statistics section shows, worded in the page's locale: figures, summaries and labels. */
export function statsView(stats: Stats, locale: string, t: Translate): StatsView {
  const periodMinutes = stats.timeSpentByDay.reduce((sum, day) => sum + day.data, 0);
  const days = stats.timeSpentByDay.length;
  const dayLabel = calendarDayFormat(locale, { day: 'numeric', month: 'short' });
  const dayLabels = stats.timeSpentByDay.map((day) => dayLabel(day.label));
  const deviceLabels = stats.devices.map((item) => t(`device.${item.label}`));
  const hourLabels = stats.timeSpentByHour.map((item) => `${item.label}:00`);
  const subjectLabels = stats.courseSubject.map((item) => item.label);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const unit = t('time.minutes');
  const values = (items: StatItem[]) => items.map((item) => number.format(item.data));
  const summary = (key: string, items: StatItem[], labels: string[]) => {
    const index = top(items);
    return index < 0 ? null : t(key, { label: labels[index] ?? '', minutes: number.format(items[index]?.data ?? 0), days });
  };
  const busiest = busiestDay(stats);
  return {
    busiest: busiest ? { label: t(`weekday.${busiest.label}`), minutes: number.format(busiest.data) } : null,
    periodDays: days,
    periodMinutes,
    charts: [
      {
        id: 'by-day',
        kind: 'bar',
        title: t('stats.byDay', { days }),
        summary: periodMinutes > 0 ? t('stats.byDaySummary', { minutes: number.format(Math.round(periodMinutes)), days }) : null,
        items: stats.timeSpentByDay,
        labels: dayLabels,
        values: values(stats.timeSpentByDay),
        unit,
        locale,
      },
      {
        id: 'by-device',
        kind: 'pie',
        title: t('stats.byDevice', { days }),
        summary: summary('stats.topDevice', stats.devices, deviceLabels),
        items: stats.devices,
        labels: deviceLabels,
        values: values(stats.devices),
        unit,
        locale,
      },
      {
        id: 'by-hour',
        kind: 'bar',
        title: t('stats.byHour', { days }),
        summary: summary('stats.topHour', stats.timeSpentByHour, hourLabels),
        items: stats.timeSpentByHour,
        labels: hourLabels,
        values: values(stats.timeSpentByHour),
        unit,
        locale,
      },
      {
        id: 'by-subject',
        kind: 'pie',
        title: t('stats.bySubject', { days }),
        summary: summary('stats.topSubject', stats.courseSubject, subjectLabels),
        items: stats.courseSubject,
        labels: subjectLabels,
        values: values(stats.courseSubject),
        unit,
        locale,
      },
    ],
  };
}
