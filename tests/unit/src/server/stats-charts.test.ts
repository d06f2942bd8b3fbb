import { describe, expect, it } from 'vitest';
import { shapeStats } from '../../../../core/stats.ts';
import { translator } from '../../../../core/translate.ts';
import { barOptions, pieOptions } from '../../../../src/server/chart-options.ts';
import { cleanChartSvg, renderChartSvg } from '../../../../src/server/chart-svg.ts';
import { statsView } from '../../../../src/server/stats-view.ts';
import { SAMPLE_STATS } from '../../stats-sample.ts';
import italian from '../../../../seed/boilerplate/it-IT.json';
import english from '../../../../seed/boilerplate/en-US.json';
import german from '../../../../seed/boilerplate/de-DE.json';

const t = translator({
  'stats.byDay': 'Per day',
  'stats.byDevice': 'Per device',
  'stats.byHour': 'Per hour',
  'stats.bySubject': 'Per subject',
  'stats.byDaySummary': '{minutes} minutes',
  'stats.topDevice': 'Mostly {label} ({minutes} min).',
  'stats.topHour': 'Mostly at {label} ({minutes} min).',
  'stats.topSubject': 'Mostly {label} ({minutes} min).',
  'device.windows': 'Windows',
  'device.android': 'Android',
  'weekday.tuesday': 'Tuesday',
  'time.minutes': 'min',
});

const stats = SAMPLE_STATS;

describe('statistics view', () => {
  const view = statsView(stats, 'en-US', t);

  it('words the figures in the page locale', () => {
    expect(view.busiest).toEqual({ label: 'Tuesday', minutes: '90' });
    expect(view.periodMinutes).toBe(120);
    expect(view.charts.map((chart) => chart.id)).toEqual(['by-day', 'by-device', 'by-hour', 'by-subject']);
    expect(view.charts[0]?.labels).toEqual(['Nov 23', 'Nov 24', 'Nov 25']);
    expect(view.charts[1]?.summary).toBe('Mostly Windows (100 min).');
    expect(view.charts[2]?.summary).toBe('Mostly at 9:00 (120 min).');
  });

  it('writes minutes as the locale writes numbers: a decimal comma in Italian and German', () => {
    const input = {
      byDay: new Map([['2026-11-24', 1_458_000]]),
      byHour: new Map([[9, 1_458_000]]),
      byDevice: new Map([['windows', 1_458_000]]),
      bySubject: new Map(),
      total: 1_458_000,
      firstDay: '2026-11-23',
      lastDay: '2026-11-24',
    };
    for (const [locale, written] of [
      ['it-IT', '24,3'],
      ['de-DE', '24,3'],
      ['en-US', '24.3'],
    ] as const) {
      const view = statsView(shapeStats(input), locale, t);
      expect(view.busiest?.minutes).toBe(written);
      expect(view.charts[1]?.summary).toBe(`Mostly Windows (${written} min).`);
      expect(view.charts[1]?.values).toEqual([written]);
      expect(view.charts[1]?.unit).toBe('min');
    }
  });

  it('says the period of every chart, in its title (the table caption too) and its summary, in every locale', () => {
    // The sample covers three days: the period named is the one the figures were read over.
    for (const [locale, strings, period] of [
      ['it-IT', italian, /ultimi 3 giorni/],
      ['en-US', english, /last 3 days/],
      ['de-DE', german, /letzten? 3 Tage/],
    ] as const) {
      const view = statsView(stats, locale, translator(strings, locale));
      expect(view.periodDays).toBe(3);
      for (const chart of view.charts) {
        expect(chart.title, `${locale} ${chart.id}`).toMatch(period);
        expect(chart.summary, `${locale} ${chart.id}`).toMatch(period);
      }
    }
  });

  it('has no summary, so no chart, when a list holds no minutes', () => {
    const empty = statsView(
      shapeStats({ byDay: new Map(), byHour: new Map(), byDevice: new Map(), bySubject: new Map(), total: 0, firstDay: '2026-11-23', lastDay: '2026-11-24' }),
      'it-IT',
      t,
    );
    expect(empty.busiest).toBeNull();
    expect(empty.charts.every((chart) => chart.summary === null)).toBe(true);
  });
});

describe('charts drawn on the server', () => {
  const view = statsView(stats, 'en-US', t);

  it('draws one bar per item, each carrying its index, and keeps the axis name inside the drawing', () => {
    const chart = view.charts[2]!;
    const svg = renderChartSvg(barOptions(chart.items, chart.labels, 'en-US', { unit: chart.unit }), 360, 240);
    expect(svg.startsWith('<svg aria-hidden="true" ')).toBe(true);
    expect(svg).toContain('viewBox="0 0 360 240"');
    // Only hours with minutes draw a bar; an empty bar has no shape.
    expect(svg.match(/data-index="9"/g)?.length).toBe(1);
    const name = svg.match(/<text[^>]*transform="translate\(([\d.]+) ([\d.]+)\)"[^>]*>min<\/text>/);
    expect(name).not.toBeNull();
    // The name's baseline sits at least a font height below the top edge: it is not cut off.
    expect(Number(name?.[2])).toBeGreaterThanOrEqual(13);
  });

  it("writes the axis's numbers as the page's locale does", () => {
    const items = [
      { label: 'a', data: 0.4 },
      { label: 'b', data: 1.2 },
    ];
    const italian = renderChartSvg(barOptions(items, ['a', 'b'], 'it-IT', { unit: 'min' }), 360, 240);
    expect(italian).toMatch(/>0,4</);
    expect(italian).not.toMatch(/>0\.4</);
    expect(renderChartSvg(barOptions(items, ['a', 'b'], 'en-US', { unit: 'min' }), 360, 240)).toMatch(/>0\.4</);
  });

  it('draws a slice per item, without labels or a paged legend', () => {
    const chart = view.charts[1]!;
    const svg = renderChartSvg(pieOptions(chart.items, chart.labels), 200, 200);
    expect(svg).toContain('data-index="0"');
    expect(svg).toContain('data-index="1"');
    expect(svg).not.toContain('<text');
  });

  it('leaves out what is not valid HTML: ECharts hover styles, class names and meta attributes', () => {
    const raw =
      '<svg width="10" height="10" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" baseProfile="full" viewBox="0 0 10 10">\n' +
      '<path d="M0 0" ecmeta_series_index="0" ecmeta_data_index="3" ecmeta_ssr_type="chart" class="zr7-cls-1"></path>\n<style ><![CDATA[\n.zr7-cls-1:hover { cursor:pointer; }\n]]></style></svg>';
    expect(cleanChartSvg(raw)).toBe(
      '<svg aria-hidden="true" width="10" height="10" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0" data-index="3"></path></svg>',
    );
  });
});
