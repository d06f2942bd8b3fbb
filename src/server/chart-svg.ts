import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Server-side rendering needs no DOM: bar and pie charts, their grid and the SVG renderer only.
echarts.use([BarChart, PieChart, GridComponent, SVGRenderer]);

/**
 * ECharts' SVG as the page embeds it. The drawing is decoration (the figure's caption, legend
 * and table carry the data), so it is hidden from assistive technology. ECharts' own hover
 * stylesheet and `ecmeta_*` attributes are not valid HTML: each bar or slice keeps only its
 * index, as `data-index`, for the page's script to show a tooltip and highlight it.
 */
export function cleanChartSvg(svg: string): string {
  return svg
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/ class="zr\d+-cls-\d+"/g, '')
    .replace(/ ecmeta_(?:series_index|ssr_type|silent)="[^"]*"/g, '')
    .replace(/ ecmeta_data_index="(\d+)"/g, ' data-index="$1"')
    .replace(/ xmlns:xlink="[^"]*"| version="1\.1"| baseProfile="full"/g, '')
    .replace('<svg ', '<svg aria-hidden="true" ')
    .replace(/>\s+</g, '><');
}

/** Draws one chart as an SVG string of the given size (it scales with its box through its viewBox). */
export function renderChartSvg(option: Record<string, unknown>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return cleanChartSvg(chart.renderToSVGString({ useViewBox: true }));
  } finally {
    chart.dispose();
  }
}
