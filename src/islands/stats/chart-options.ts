import type { StatItem } from '../../../core/stats.ts';

/** ECharts options for the four statistics charts; values are minutes. */
export function barOptions(items: StatItem[], labels: string[], color = '#0b5cad'): Record<string, unknown> {
  return {
    grid: { left: 48, right: 16, top: 16, bottom: 40 },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => `${value} min` },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'min' },
    series: [{ type: 'bar', data: items.map((item) => item.data), itemStyle: { color, borderRadius: [4, 4, 0, 0] } }],
    aria: { enabled: true },
  };
}

export function pieOptions(items: StatItem[], labels: string[]): Record<string, unknown> {
  return {
    tooltip: { trigger: 'item', valueFormatter: (value: number) => `${value} min` },
    legend: { bottom: 0, type: 'scroll' },
    color: ['#0b5cad', '#e07a00', '#2e7d32', '#8e24aa', '#c62828', '#00838f', '#5d4037', '#455a64', '#f9a825'],
    // The legend names the slices: labels beside them would collide on small charts.
    series: [{ type: 'pie', radius: ['38%', '68%'], center: ['50%', '45%'], label: { show: false }, data: items.map((item, i) => ({ name: labels[i], value: item.data })) }],
    aria: { enabled: true },
  };
}
