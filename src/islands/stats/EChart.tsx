// The only module that imports ECharts: loaded on demand by the statistics panel, tree-shaken to
// the bar and pie charts, the components they use and the SVG renderer.
import ReactEChartsCore from 'echarts-for-react/esm/core.js';
import { BarChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export default function EChart({ option, height = 260 }: { option: Record<string, unknown>; height?: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} opts={{ renderer: 'svg' }} />;
}
