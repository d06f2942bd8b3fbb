import type { StatItem } from '../../core/stats.ts';

/** The slices' colours, in order; the page's own legend repeats them beside the pie. */
export const PIE_COLORS = ['#0b5cad', '#c25e00', '#2e7d32', '#8e24aa', '#c62828', '#00838f', '#5d4037', '#455a64', '#9e7c00'];

const TEXT = { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontSize: 13, color: '#4a5b6c' };

export interface BarStyle {
  /** The value axis's name (the minutes' abbreviation); none when the labels say it. */
  unit?: string;
  color?: string;
  /** Counts: the value axis has whole steps only. */
  counts?: boolean;
}

/**
 * ECharts options for a bar chart (of minutes, unless told), drawn once on the server: no
 * animation, no tooltip component (the page's own script shows one). The top margin leaves room
 * for the axis name.
 */
export function barOptions(
  items: StatItem[],
  labels: string[],
  locale: string,
  { unit, color = '#0b5cad', counts = false }: BarStyle = {},
): Record<string, unknown> {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    animation: false,
    textStyle: TEXT,
    grid: { left: 44, right: 12, top: 34, bottom: 28 },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true, color: TEXT.color }, axisTick: { alignWithLabel: true } },
    yAxis: {
      type: 'value',
      name: unit,
      ...(counts ? { minInterval: 1 } : {}),
      nameGap: 14,
      nameTextStyle: { align: 'right', color: TEXT.color },
      // The page's way of writing numbers (0,5 in Italian), as in the table beside the chart.
      axisLabel: { color: TEXT.color, formatter: (value: number) => number.format(value) },
    },
    series: [{ type: 'bar', data: items.map((item) => item.data), itemStyle: { color, borderRadius: [3, 3, 0, 0] } }],
  };
}

/** A ring of slices without labels or legend: the page lists the slices beside it, readable at any width. */
export function pieOptions(items: StatItem[], labels: string[]): Record<string, unknown> {
  return {
    animation: false,
    textStyle: TEXT,
    color: PIE_COLORS,
    series: [
      {
        type: 'pie',
        radius: ['42%', '92%'],
        center: ['50%', '50%'],
        label: { show: false },
        labelLine: { show: false },
        data: items.map((item, i) => ({ name: labels[i], value: item.data })),
      },
    ],
  };
}
